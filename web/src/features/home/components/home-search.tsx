import { type FormEvent, type KeyboardEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { useAuth } from '../../../lib/auth';
import {
  readSearchTab,
  readSearchText,
  saveSearch,
  SEARCH_TABS,
  type SearchTab,
} from '../../../lib/search-storage';
import './home-search.css';

export const SEARCH_PLACEHOLDER = 'Write what you want to build, who do you need, what skills, whatever...';

export const HomeSearch = () => {
  const { user } = useAuth();
  const navigate = useNavigate();
  const [text, setText] = useState(readSearchText);
  const [tab, setTab] = useState<SearchTab>(readSearchTab);

  const chooseTab = (next: SearchTab) => {
    setTab(next);
    saveSearch(text, next);
  };

  const search = (event?: FormEvent) => {
    event?.preventDefault();
    saveSearch(text.trim(), tab);
    navigate('/find');
  };

  const submitOnEnter = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter also confirms a word being composed with an input method; that must not search yet.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) search(event);
  };

  return (
    <section className="home-search">
      <h1 className="home-search__greeting">{user?.username ? `Hello, ${user.username}!` : 'Hello!'}</h1>
      <p className="home-search__lead">
        Tell us what you have in mind and we will find the people and projects that fit.
      </p>
      <form className="home-search__box" onSubmit={search} role="search">
        <fieldset className="home-search__tabs">
          <legend className="visually-hidden">Looking for</legend>
          {SEARCH_TABS.map((option) => (
            <label
              key={option}
              className={`home-search__tab${tab === option ? ' home-search__tab--active' : ''}`}
            >
              <input
                type="radio"
                name="searchTab"
                value={option}
                checked={tab === option}
                onChange={() => chooseTab(option)}
              />
              {option}
            </label>
          ))}
        </fieldset>
        <label className="visually-hidden" htmlFor="home-search-text">
          Search
        </label>
        <textarea
          id="home-search-text"
          className="home-search__input"
          rows={3}
          placeholder={SEARCH_PLACEHOLDER}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            saveSearch(event.target.value, tab);
          }}
          onKeyDown={submitOnEnter}
        />
        <div className="home-search__actions">
          <Button type="submit">Search</Button>
        </div>
      </form>
      <div className="home-search__paths">
        <Link className="home-search__path" to="/home/card/Leader">
          <strong>I lead a project</strong>
          <span>Add your project and find people to build it with.</span>
        </Link>
        <Link className="home-search__path" to="/home/card/Teammate">
          <strong>I offer my skills</strong>
          <span>Create your skiller profile and find projects to join.</span>
        </Link>
      </div>
    </section>
  );
};
