/** Injection tokens for the configuration and the ports, so services depend on interfaces only. */
export const APP_CONFIG = Symbol('APP_CONFIG');
export const RECORD_STORE = Symbol('RECORD_STORE');
export const JWT_SECRET = Symbol('JWT_SECRET');
export const SEARCH_INDEX = Symbol('SEARCH_INDEX');
export const JOB_QUEUE = Symbol('JOB_QUEUE');
