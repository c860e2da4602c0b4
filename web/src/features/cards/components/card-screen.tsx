import { Link } from 'react-router';
import { ButtonLink } from '../../../components/ui/button';
import './card-screen.css';

interface Card {
  title: string;
  text: string;
  to: string;
}

interface CardSet {
  heading: string;
  text?: string;
  cards: Card[];
}

const CARD_SETS: Record<string, CardSet> = {
  Teammate: {
    heading: 'What would you like to do?',
    cards: [
      {
        title: 'Add Teammate',
        text: 'Create your skiller profile so project leaders can find you.',
        to: '/teammates/add',
      },
      { title: 'Find Teammates', text: 'Browse skillers and the skills they offer.', to: '/teammates' },
    ],
  },
  Leader: {
    heading: 'What would you like to do?',
    cards: [
      {
        title: 'Add Project Profile',
        text: 'Describe your project and the people it needs.',
        to: '/project/add',
      },
      { title: 'Find Projects', text: 'Browse projects looking for collaborators.', to: '/projects' },
    ],
  },
  profileCompletion: {
    heading: 'Great job!',
    text: 'You have just set up profile. Where do you want to go now from here?',
    cards: [
      { title: 'Projects', text: 'See the projects looking for people like you.', to: '/projects' },
      { title: 'Skills', text: 'Meet skillers and what they can do.', to: '/skillers' },
      { title: 'My Account', text: 'Your conversations, saved items and settings.', to: '/conversations' },
    ],
  },
};

export const CardScreen = ({ option }: { option: string }) => {
  const set = Object.hasOwn(CARD_SETS, option) ? CARD_SETS[option] : undefined;
  if (!set) {
    return (
      <section className="card-screen">
        <ButtonLink to="/" variant="secondary">
          Back
        </ButtonLink>
      </section>
    );
  }
  return (
    <section className="card-screen">
      <h1 className="card-screen__heading">{set.heading}</h1>
      {set.text && <p className="card-screen__text">{set.text}</p>}
      <ul className="card-screen__cards">
        {set.cards.map((card) => (
          <li key={card.title}>
            <Link className="card-screen__card" to={card.to}>
              <span className="card-screen__card-title">{card.title}</span>
              <span className="card-screen__card-text">{card.text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
};
