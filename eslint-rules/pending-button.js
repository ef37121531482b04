/**
 * A button is never `disabled` while its work runs (decision 079): a focused button that turns disabled drops
 * focus to the page. Such a button is a PendingButton (src/web/components/ui/button.tsx), which is
 * aria-disabled and ignores presses instead. The rule refuses `disabled={…}` on a button-like element (a
 * `button`, anything named `…Button`, a Radix `….Action`) when the expression names work in progress.
 */
const WORK = /pending|busy|saving|submitting|renewing|refreshing|reordering/i;

/** The element's name as written: `button`, `Button`, `A.Action`. */
function nameOf(node) {
  if (node.type === 'JSXIdentifier') return node.name;
  if (node.type === 'JSXMemberExpression') return `${nameOf(node.object)}.${node.property.name}`;
  return '';
}

const buttonLike = (name) => name === 'button' || /Button$/.test(name) || /\.Action$/.test(name);

/** The first name in the expression that says work is running, or null. */
function workName(node) {
  if (!node || typeof node !== 'object') return null;
  if (node.type === 'Identifier') return WORK.test(node.name) ? node.name : null;
  if (node.type === 'MemberExpression' && !node.computed && WORK.test(node.property.name)) return node.property.name;
  for (const key of Object.keys(node)) {
    if (key === 'parent') continue;
    const child = node[key];
    const found = Array.isArray(child)
      ? child.map(workName).find(Boolean)
      : child && typeof child.type === 'string'
        ? workName(child)
        : null;
    if (found) return found;
  }
  return null;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'A button whose work is running is aria-disabled (PendingButton), never disabled.' },
    schema: [],
    messages: {
      pending:
        "'disabled' drops focus to the page when '{{name}}' turns true on a focused button. Use PendingButton from src/web/components/ui/button with pending={…} (decision 079).",
    },
  },
  create(context) {
    return {
      JSXAttribute(node) {
        if (node.name.type !== 'JSXIdentifier' || node.name.name !== 'disabled') return;
        if (!buttonLike(nameOf(node.parent.name))) return;
        if (!node.value || node.value.type !== 'JSXExpressionContainer') return;
        const name = workName(node.value.expression);
        if (name) context.report({ node, messageId: 'pending', data: { name } });
      },
    };
  },
};
