import './spinner.css';

export const Spinner = ({ label = 'Loading...' }: { label?: string }) => (
  <div className="spinner" role="status">
    <span className="spinner__circle" aria-hidden="true" />
    <span className="visually-hidden">{label}</span>
  </div>
);
