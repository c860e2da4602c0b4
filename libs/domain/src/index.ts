export type * from './admin/admin-api.types';
export * from './admin/admin-token-file';
export * from './account';
export * from './chat';
export * from './config/config-error';
export * from './config/environment';
export * from './email-verification';
export * from './entities';
export * from './feed';
export * from './freshness';
export * from './listing-messages';
export * from './messages';
export * from './notification-settings';
export * from './notifications';
export * from './notification-text';
export * from './pagination';
export * from './project';
export * from './saved';
export * from './saved-search';
export * from './search';
export * from './profile';
export * from './trust';
export * from './validation/account.schema';
export * from './validation/auth.schema';
export * from './validation/chat.schema';
export * from './validation/email';
export * from './validation/feed.schema';
export * from './validation/image';
export * from './validation/issues';
export {
  AVAILABILITY_RANGE_MAX,
  COLLABORATION_MONTHS_MAX,
  DEFAULT_ROLE_SHARE,
  DESCRIPTION_MAX_LENGTH,
  LISTING_NAME_MAX_LENGTH,
  LISTING_SHORT_TEXT_MAX_LENGTH,
  ROLE_SHARE_TOTAL,
  SECTOR_DETAILS_MAX_LENGTH,
  TAG_FIELDS,
  TAG_LISTS,
  type TagListField,
  TAG_MAX_LENGTH,
  TAGS_PER_LIST_MAX,
  TOOL_LEVEL_MAX,
  WEEKLY_HOURS_MAX,
} from './validation/listing-fields';
export * from './validation/object-id';
export * from './validation/page.schema';
export * from './validation/project.schema';
export * from './validation/report.schema';
export * from './validation/username';
export * from './validation/profile.schema';
export * from './validation/text';
export * from './vocabularies';
export * from './matching/two-sided-fit';
export * from './matching/match-query';
export * from './matching/matches-query.schema';
export * from './matching/invitations';
export * from './matching/answer-rate';
