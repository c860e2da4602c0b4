import { useAuth } from '../../../lib/auth';
import { useMediaQuery } from '../hooks/use-media-query';
import { MyProjectsBox, MySkillsBox, ProfileBox } from './account-boxes';
import { NewestProjectsBox, NewestProfilesBox } from './listing-boxes';
import { NewsBox, WhatsNewBox } from './news-boxes';
import { PostList } from './post-list';
import './feed.css';

/** Below 900 px the what's-new box moves into the left column. */
const NARROW = '(max-width: 899.98px)';

/** Three columns, the account and the newest listings, the posts, and the news. */
export const FeedScreen = () => {
  const { isSignedIn } = useAuth();
  const narrow = useMediaQuery(NARROW);
  return (
    <div className="feed">
      <aside className="feed__left" aria-label="You and the newest listings">
        <ProfileBox />
        {isSignedIn && <MyProjectsBox />}
        {isSignedIn && <MySkillsBox />}
        {narrow && <WhatsNewBox />}
        <NewestProjectsBox />
        <NewestProfilesBox />
      </aside>
      <section className="feed__centre" aria-label="Community posts">
        <PostList />
      </section>
      <aside className="feed__right" aria-label="News">
        {!narrow && <WhatsNewBox />}
        <NewsBox />
      </aside>
    </div>
  );
};
