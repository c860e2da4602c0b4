export * from './entities';
export * from './messages';
export * from './validation/account.schema';
export * from './validation/auth.schema';
export * from './validation/email';
export * from './validation/issues';
export * from './validation/object-id';
export * from './validation/text';
