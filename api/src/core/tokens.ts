/** Injection tokens for the configuration and the ports, so services depend on interfaces only. */
export const APP_CONFIG = Symbol('APP_CONFIG');
export const RECORD_STORE = Symbol('RECORD_STORE');
export const JWT_SECRET = Symbol('JWT_SECRET');
