import * as React from 'react';
import { JOURNAL_MARKDOWN, JOURNAL_MAX_LENGTH, JOURNAL_ROWS } from '@shared/constants';
import { msg } from '@shared/messages';
import { cn } from '@client/lib/cn';
import { Label } from '@client/components/ui/label';
import { Textarea } from '@client/components/ui/textarea';
import { JournalToolbar, type JournalFormatting } from './journal-toolbar';
import {
  insertAt,
  insertLink,
  numberedPrefix,
  prefixLines,
  wrapSelection,
  type TextEdit,
} from './markdown-edits';
import { useTextareaEdit, type Selection } from './textarea-edit';

export interface JournalEditorProps {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  id?: string;
  maxLength?: number;
  disabled?: boolean;
  /** A validation message shown under the field and announced with it. */
  error?: string;
  /** Forwarded to the textarea, e.g. react-hook-form's field.ref for focus on error. */
  ref?: React.Ref<HTMLTextAreaElement>;
  className?: string;
}

/**
 * The journal field of the daily check-in: label, helper text, a markdown toolbar,
 * a 6-row textarea and a live length counter. Controlled: pass value and onChange.
 */
export function JournalEditor({
  value,
  onChange,
  onBlur,
  name,
  id,
  maxLength = JOURNAL_MAX_LENGTH,
  disabled = false,
  error,
  ref,
  className,
}: JournalEditorProps) {
  const generatedId = React.useId();
  const fieldId = id ?? `journal-${generatedId}`;
  const helperId = `${fieldId}-helper`;
  const counterId = `${fieldId}-counter`;
  const errorId = `${fieldId}-error`;

  const textareaRef = React.useRef<HTMLTextAreaElement | null>(null);
  const setTextareaRef = React.useCallback(
    (node: HTMLTextAreaElement | null) => {
      textareaRef.current = node;
      if (typeof ref === 'function') ref(node);
      else if (ref) (ref as React.RefObject<HTMLTextAreaElement | null>).current = node;
    },
    [ref],
  );

  const edit = useTextareaEdit({ textareaRef, value, onChange, disabled });
  const formatting = journalFormatting(value, maxLength, edit);

  const onKeyDown = formattingShortcuts(formatting);

  const describedBy = [helperId, counterId, error ? errorId : null].filter(Boolean).join(' ');

  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <Label htmlFor={fieldId}>{msg.journalLabel}</Label>
      <p id={helperId} className="text-sm text-muted-foreground">
        {msg.journalHelper}
      </p>

      <div
        className={cn(
          'overflow-hidden rounded-lg border border-input bg-background has-[textarea:focus-visible]:ring-2 has-[textarea:focus-visible]:ring-ring',
          error && 'border-danger',
          disabled && 'opacity-50',
        )}
      >
        <JournalToolbar
          fieldId={fieldId}
          disabled={disabled}
          formatting={formatting}
          textareaRef={textareaRef}
        />

        <Textarea
          ref={setTextareaRef}
          id={fieldId}
          name={name}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          onKeyDown={onKeyDown}
          rows={JOURNAL_ROWS}
          maxLength={maxLength}
          disabled={disabled}
          placeholder={msg.journalPlaceholder}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          className="resize-none rounded-none border-0 focus-visible:ring-0 disabled:opacity-100"
        />
      </div>

      <JournalFooter
        error={error}
        errorId={errorId}
        counterId={counterId}
        length={value.length}
        maxLength={maxLength}
      />
    </div>
  );
}

/** The toolbar's edits of `value`, each made from the textarea's selection when it is pressed. */
function journalFormatting(
  value: string,
  maxLength: number,
  edit: (makeEdit: (selection: Selection) => TextEdit | null) => void,
): JournalFormatting {
  return {
    bold: () =>
      edit((s) =>
        wrapSelection(value, s.selectionStart, s.selectionEnd, JOURNAL_MARKDOWN.bold, maxLength),
      ),
    italic: () =>
      edit((s) =>
        wrapSelection(value, s.selectionStart, s.selectionEnd, JOURNAL_MARKDOWN.italic, maxLength),
      ),
    heading: () =>
      edit((s) =>
        prefixLines(value, s.selectionStart, s.selectionEnd, JOURNAL_MARKDOWN.heading, maxLength),
      ),
    bulletList: () =>
      edit((s) =>
        prefixLines(
          value,
          s.selectionStart,
          s.selectionEnd,
          JOURNAL_MARKDOWN.bulletList,
          maxLength,
        ),
      ),
    numberedList: () =>
      edit((s) => prefixLines(value, s.selectionStart, s.selectionEnd, numberedPrefix, maxLength)),
    link: () =>
      edit((s) => {
        const url = window.prompt(msg.enterLinkUrl);
        if (url === null || url.trim() === '') return null;
        return insertLink(
          value,
          s.selectionStart,
          s.selectionEnd,
          url,
          maxLength,
          msg.linkTextDefault,
        );
      }),
    insertEmoji: (emoji) =>
      edit((s) => insertAt(value, s.selectionStart, s.selectionEnd, emoji, maxLength)),
  };
}

/** Ctrl/Cmd+B, +I and +K in the textarea: bold, italic and link, as the toolbar's buttons. */
function formattingShortcuts(formatting: JournalFormatting) {
  return (event: React.KeyboardEvent<HTMLTextAreaElement>) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
    const action = { b: formatting.bold, i: formatting.italic, k: formatting.link }[
      event.key.toLowerCase()
    ];
    if (!action) return;
    event.preventDefault();
    action();
  };
}

/** Under the field: the validation message, then the live length counter. */
function JournalFooter({
  error,
  errorId,
  counterId,
  length,
  maxLength,
}: {
  error?: string;
  errorId: string;
  counterId: string;
  length: number;
  maxLength: number;
}) {
  const atLimit = length >= maxLength;
  return (
    <div className="flex items-start justify-between gap-3">
      {error && (
        <p id={errorId} className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
      <p
        id={counterId}
        aria-live="polite"
        className={cn(
          'tabular ml-auto shrink-0 text-xs text-muted-foreground',
          atLimit && 'font-semibold text-danger',
        )}
      >
        {msg.journalCounter(length, maxLength)}
      </p>
    </div>
  );
}
