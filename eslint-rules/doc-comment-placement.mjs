/**
 * A `/** *\/` comment documents the declaration right below it, so one that stands anywhere else is read as
 * documenting the wrong thing: two stacked before one declaration (the first belongs to something that
 * moved), or one followed by a blank line, a plain statement or the end of a block (its declaration is gone).
 */

/** What a doc comment may stand before: the nodes editors show it on. */
const DOCUMENTED = new Set([
  'ClassDeclaration',
  'ExportDefaultDeclaration',
  'ExportNamedDeclaration',
  'FunctionDeclaration',
  'MethodDefinition',
  'Property',
  'PropertyDefinition',
  'TSAbstractMethodDefinition',
  'TSAbstractPropertyDefinition',
  'TSDeclareFunction',
  'TSEnumDeclaration',
  'TSEnumMember',
  'TSIndexSignature',
  'TSInterfaceDeclaration',
  'TSMethodSignature',
  'TSModuleDeclaration',
  'TSParameterProperty',
  'TSPropertySignature',
  'TSTypeAliasDeclaration',
  'VariableDeclaration',
]);

const isDocComment = (comment) => comment.type === 'Block' && /^\*[^*]/.test(comment.value);

/** JSDoc types stand alone (`@typedef`) or annotate an expression (`/** @type {X} *\/ (value)`). */
const isJsDocType = (comment) => /@(type|satisfies|typedef|callback)\b/.test(comment.value);

/**
 * Whether the code starting at `token` is a declaration. A decorator starts its class or member, and a union
 * member (`| 'taken'`) and a function's parameter may carry their own doc comments.
 */
const startsDeclaration = (sourceCode, token) => {
  if (token.value === '@' || token.value === '|') return true;
  for (let node = sourceCode.getNodeByRangeIndex(token.range[0]); node; node = node.parent) {
    if (node.range[0] !== token.range[0]) return false;
    if (DOCUMENTED.has(node.type) || node.parent?.params?.includes(node)) return true;
  }
  return false;
};

export const docCommentPlacement = {
  meta: {
    type: 'problem',
    docs: { description: 'Doc comments stand directly before the declaration they document.' },
    messages: {
      stacked: 'Two doc comments stand one after the other: merge them or move this one to its declaration.',
      orphaned:
        'This doc comment documents no declaration: move it onto one, or make it a plain comment (// or /* */).',
    },
    schema: [],
  },
  create(context) {
    const sourceCode = context.sourceCode;
    const isComment = (token) => token.type === 'Block' || token.type === 'Line';
    return {
      Program() {
        for (const comment of sourceCode.getAllComments()) {
          if (!isDocComment(comment) || isJsDocType(comment)) continue;
          // Plain comments (an eslint-disable line) may stand between the doc comment and its code; blank lines may not.
          let previous = comment;
          let next = sourceCode.getTokenAfter(comment, { includeComments: true });
          while (
            next &&
            isComment(next) &&
            !isDocComment(next) &&
            next.loc.start.line - previous.loc.end.line <= 1
          ) {
            previous = next;
            next = sourceCode.getTokenAfter(next, { includeComments: true });
          }
          const adjacent = next && next.loc.start.line - previous.loc.end.line <= 1;
          // A file may open with an overview that documents the module as a whole.
          const opensFile = !sourceCode.getTokenBefore(comment, { includeComments: true });
          if (adjacent && isDocComment(next)) {
            context.report({ loc: comment.loc, messageId: 'stacked' });
          } else if (opensFile) {
            continue;
          } else if (!adjacent || isComment(next) || !startsDeclaration(sourceCode, next)) {
            context.report({ loc: comment.loc, messageId: 'orphaned' });
          }
        }
      },
    };
  },
};

export default { rules: { 'doc-comment-placement': docCommentPlacement } };
