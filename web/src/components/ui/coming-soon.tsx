import './coming-soon.css';

/** An honest placeholder for a screen that is not built yet: it never shows made-up results. */
export const ComingSoon = ({ what }: { what: string }) => (
  <section className="coming-soon" aria-label="Coming soon">
    <svg className="coming-soon__icon" viewBox="0 0 24 24" aria-hidden="true">
      <path d="M3 21h18M5 21V10l7-6 7 6v11M9 21v-6h6v6" />
    </svg>
    <h2 className="coming-soon__title">Coming soon</h2>
    <p className="coming-soon__text">
      {what} is being built. It is not available yet, so nothing here is real data. Please check back soon.
    </p>
  </section>
);
