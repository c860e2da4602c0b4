import type { ESLint, Rule } from 'eslint';

export const docCommentPlacement: Rule.RuleModule;
declare const plugin: ESLint.Plugin;
export default plugin;
