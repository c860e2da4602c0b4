import { ButtonLink } from '../../components/ui/button';
import './settings-message.css';

export default function SettingsMessageRoute() {
  return (
    <section className="settings-message">
      <h1 className="settings-message__title">Great Job</h1>
      <p className="settings-message__text">Your offers are on their way.</p>
      <div className="settings-message__actions">
        <ButtonLink to="/sendMoreOffers">Send More Offers</ButtonLink>
        <ButtonLink to="/" variant="secondary">
          Go to Home
        </ButtonLink>
      </div>
    </section>
  );
}
