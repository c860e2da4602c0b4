import { type FormEvent, useState } from 'react';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import './admin.css';

export const ADMIN_TOKEN_REQUIRED = 'Enter the admin token.';

interface AdminTokenFormProps {
  onToken(token: string): void;
  /** What the button opens, e.g. "Open analytics". */
  submitLabel: string;
  error?: string;
}

/** Asks for the admin token; the page keeps it for this tab only. */
export const AdminTokenForm = ({ onToken, submitLabel, error }: AdminTokenFormProps) => {
  const [token, setToken] = useState('');
  const [missing, setMissing] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = token.trim();
    if (!trimmed) {
      setMissing(true);
      return;
    }
    onToken(trimmed);
  };
  return (
    <form className="admin-token" onSubmit={submit} noValidate>
      <TextField
        label="Admin token"
        type="password"
        autoComplete="off"
        value={token}
        onChange={(event) => {
          setToken(event.target.value);
          setMissing(false);
        }}
        hint="The server's ADMIN_TOKEN, or the token it keeps in DATA_DIR/admin-token. Kept for this tab only."
        error={missing ? ADMIN_TOKEN_REQUIRED : error}
      />
      <Button type="submit">{submitLabel}</Button>
    </form>
  );
};
