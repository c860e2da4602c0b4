/** Where the server keeps the admin token it generated, inside its data directory; the command line reads it. */
export const ADMIN_TOKEN_FILE = 'admin-token';
