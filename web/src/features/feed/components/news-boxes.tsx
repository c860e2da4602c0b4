import { Link } from 'react-router';
import { SideBox } from './side-box';

/** Static, and only about what the product really offers today. */
export const WhatsNewBox = () => (
  <SideBox title="What's new">
    <ul className="side-box__news">
      <li>
        <strong>Live chat.</strong> Write to a project creator or a skiller from their page and carry on in{' '}
        <Link to="/conversations">Conversations</Link>.
      </li>
      <li>
        <strong>Community feed.</strong> Share an update with an image, like posts and join the discussion.
      </li>
      <li>
        <strong>Closest matches.</strong> When nothing fits every filter, the search shows the nearest
        projects and teammates.
      </li>
    </ul>
  </SideBox>
);

export const NewsBox = () => (
  <SideBox title="News">
    <ul className="side-box__news">
      <li>Save projects and skillers you like and find them again under My Account.</li>
      <li>Missing a filter option? Propose it right from the filter panel.</li>
      <li>
        Tell us what to build next: <Link to="/feedback">send feedback</Link>.
      </li>
    </ul>
  </SideBox>
);
