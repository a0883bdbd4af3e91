// Applying a journal toolbar edit to the textarea: the edit goes through the browser's
// editing commands so Ctrl+Z undoes it like typing, and the selection lands where the edit says.
import * as React from 'react';
import type { TextEdit } from './markdown-edits';

export type Selection = Pick<TextEdit, 'selectionStart' | 'selectionEnd'>;

interface TextareaEditOptions {
  textareaRef: React.RefObject<HTMLTextAreaElement | null>;
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
}

/**
 * `edit` applies the edit made from the textarea's current selection; `makeEdit` may return
 * null to change nothing.
 */
export function useTextareaEdit({ textareaRef, value, onChange, disabled }: TextareaEditOptions) {
  // Only used when the browser cannot edit with undo support (see replaceKeepingUndo):
  // the selection is restored once the parent has passed the new value back.
  const pendingSelection = React.useRef<TextEdit | null>(null);
  React.useLayoutEffect(() => {
    const pending = pendingSelection.current;
    const textarea = textareaRef.current;
    if (!pending || !textarea || textarea.value !== pending.text) return;
    pendingSelection.current = null;
    textarea.focus();
    textarea.setSelectionRange(pending.selectionStart, pending.selectionEnd);
  }, [textareaRef, value]);

  const currentSelection = (): Selection | null => {
    const textarea = textareaRef.current;
    return textarea
      ? { selectionStart: textarea.selectionStart, selectionEnd: textarea.selectionEnd }
      : null;
  };

  const applyEdit = (edit: TextEdit) => {
    const textarea = textareaRef.current;
    if (!textarea) return;
    textarea.focus();
    if (edit.text !== textarea.value && !replaceKeepingUndo(textarea, edit.text)) {
      pendingSelection.current = edit;
      onChange(edit.text);
      return;
    }
    textarea.setSelectionRange(edit.selectionStart, edit.selectionEnd);
  };

  const edit = (makeEdit: (selection: Selection) => TextEdit | null) => {
    const selection = currentSelection();
    if (disabled || !selection) return;
    const next = makeEdit(selection);
    if (next) applyEdit(next);
  };

  return edit;
}

/**
 * Applies the change through the browser's editing commands so Ctrl+Z undoes a
 * toolbar edit like typing. Only the part that differs is replaced. Returns false
 * when the browser could not do it, and the caller falls back to onChange.
 */
function replaceKeepingUndo(textarea: HTMLTextAreaElement, next: string): boolean {
  const current = textarea.value;
  let start = 0;
  while (start < current.length && start < next.length && current[start] === next[start]) start++;
  let endCurrent = current.length;
  let endNext = next.length;
  while (endCurrent > start && endNext > start && current[endCurrent - 1] === next[endNext - 1]) {
    endCurrent--;
    endNext--;
  }
  // Never split an emoji's surrogate pair between the kept and replaced parts.
  if (start > 0 && isHighSurrogate(current.charCodeAt(start - 1))) start--;
  if (endCurrent < current.length && isLowSurrogate(current.charCodeAt(endCurrent))) {
    endCurrent++;
    endNext++;
  }

  const inserted = next.slice(start, endNext);
  textarea.setSelectionRange(start, endCurrent);
  try {
    // execCommand is deprecated but still the only way to edit a textarea with undo history.
    const done = inserted
      ? document.execCommand('insertText', false, inserted)
      : document.execCommand('delete', false);
    return done && textarea.value === next;
  } catch {
    return false;
  }
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;
