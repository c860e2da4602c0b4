import { type ReactNode, useState } from 'react';
import { AdminTokenForm } from './admin-token-form';
import { adminTokenStorage } from './admin-token-storage';

interface AdminTokenGateProps {
  submitLabel: string;
  /** The admin screen, given the token and a way to drop it (with the server's refusal, if any). */
  children(token: string, forget: (refusal?: string) => void): ReactNode;
}

/** Asks for the admin token first; a token the server refuses is forgotten and asked for again. */
export const AdminTokenGate = ({ submitLabel, children }: AdminTokenGateProps) => {
  const [token, setToken] = useState(adminTokenStorage.get);
  const [refusal, setRefusal] = useState<string>();
  if (!token) {
    return (
      <AdminTokenForm
        submitLabel={submitLabel}
        error={refusal}
        onToken={(typed) => {
          adminTokenStorage.set(typed);
          setRefusal(undefined);
          setToken(typed);
        }}
      />
    );
  }
  return children(token, (message) => {
    adminTokenStorage.clear();
    setRefusal(message);
    setToken(null);
  });
};
