import * as React from 'react';
import { Toolbar } from 'radix-ui';
import {
  Bold,
  Heading2,
  Italic,
  Link as LinkIcon,
  List,
  ListOrdered,
  Smile,
  type LucideIcon,
} from 'lucide-react';
import {
  DEFAULT_EMOJI_CATEGORY,
  EMOJI_CATEGORIES,
  EMOJI_GRID_COLUMNS,
  JOURNAL_MARKDOWN,
  JOURNAL_MAX_LENGTH,
  JOURNAL_ROWS,
} from '@shared/constants';
import { msg } from '@shared/messages';
import { cn } from '@client/lib/cn';
import { Label } from '@client/components/ui/label';
import { Popover, PopoverContent, PopoverTrigger } from '@client/components/ui/popover';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { Textarea } from '@client/components/ui/textarea';
import {
  insertAt,
  insertLink,
  numberedPrefix,
  prefixLines,
  wrapSelection,
  type TextEdit,
} from './markdown-edits';

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

type Selection = Pick<TextEdit, 'selectionStart' | 'selectionEnd'>;

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
  }, [value]);

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

  const edit = (makeEdit: (selection: Selection) => TextEdit) => {
    const selection = currentSelection();
    if (!disabled && selection) applyEdit(makeEdit(selection));
  };

  const bold = () =>
    edit((s) =>
      wrapSelection(value, s.selectionStart, s.selectionEnd, JOURNAL_MARKDOWN.bold, maxLength),
    );
  const italic = () =>
    edit((s) =>
      wrapSelection(value, s.selectionStart, s.selectionEnd, JOURNAL_MARKDOWN.italic, maxLength),
    );
  const heading = () =>
    edit((s) =>
      prefixLines(value, s.selectionStart, s.selectionEnd, JOURNAL_MARKDOWN.heading, maxLength),
    );
  const bulletList = () =>
    edit((s) =>
      prefixLines(value, s.selectionStart, s.selectionEnd, JOURNAL_MARKDOWN.bulletList, maxLength),
    );
  const numberedList = () =>
    edit((s) => prefixLines(value, s.selectionStart, s.selectionEnd, numberedPrefix, maxLength));

  const link = () => {
    const selection = currentSelection();
    if (disabled || !selection) return;
    const url = window.prompt(msg.enterLinkUrl);
    if (url === null || url.trim() === '') return;
    applyEdit(
      insertLink(
        value,
        selection.selectionStart,
        selection.selectionEnd,
        url,
        maxLength,
        msg.linkTextDefault,
      ),
    );
  };

  const [emojiOpen, setEmojiOpen] = React.useState(false);
  const emojiInserted = React.useRef(false);
  const chooseEmoji = (emoji: string) => {
    emojiInserted.current = true;
    setEmojiOpen(false);
    edit((s) => insertAt(value, s.selectionStart, s.selectionEnd, emoji, maxLength));
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLTextAreaElement>) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
    const action = { b: bold, i: italic, k: link }[event.key.toLowerCase()];
    if (!action) return;
    event.preventDefault();
    action();
  };

  const atLimit = value.length >= maxLength;
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
        <Toolbar.Root
          aria-label="Formatting"
          aria-controls={fieldId}
          className="flex flex-wrap items-center border-b border-border bg-muted/50 p-0.5"
        >
          <ToolButton
            icon={Bold}
            label="Bold"
            shortcut="Ctrl+B"
            onClick={bold}
            disabled={disabled}
          />
          <ToolButton
            icon={Italic}
            label="Italic"
            shortcut="Ctrl+I"
            onClick={italic}
            disabled={disabled}
          />
          <ToolButton icon={Heading2} label="Heading" onClick={heading} disabled={disabled} />
          <ToolButton icon={List} label="Bulleted list" onClick={bulletList} disabled={disabled} />
          <ToolButton
            icon={ListOrdered}
            label="Numbered list"
            onClick={numberedList}
            disabled={disabled}
          />
          <ToolButton
            icon={LinkIcon}
            label="Link"
            shortcut="Ctrl+K"
            onClick={link}
            disabled={disabled}
          />
          <Popover open={emojiOpen} onOpenChange={setEmojiOpen}>
            <PopoverTrigger asChild>
              <ToolButton
                icon={Smile}
                label="Emoji"
                disabled={disabled}
                keepTextareaFocus={false}
              />
            </PopoverTrigger>
            <PopoverContent
              align="start"
              aria-label="Emoji"
              className="w-80"
              onCloseAutoFocus={(event) => {
                // After a pick the caret belongs in the text, not on the emoji button.
                if (!emojiInserted.current) return;
                emojiInserted.current = false;
                event.preventDefault();
                textareaRef.current?.focus();
              }}
            >
              <EmojiPicker onChoose={chooseEmoji} />
            </PopoverContent>
          </Popover>
        </Toolbar.Root>

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
          {msg.journalCounter(value.length, maxLength)}
        </p>
      </div>
    </div>
  );
}

interface ToolButtonProps extends React.ComponentProps<typeof Toolbar.Button> {
  icon: LucideIcon;
  label: string;
  shortcut?: string;
  /** Formatting buttons keep focus (and the mobile keyboard) in the textarea. */
  keepTextareaFocus?: boolean;
}

function ToolButton({
  icon: Icon,
  label,
  shortcut,
  keepTextareaFocus = true,
  onMouseDown,
  className,
  ...props
}: ToolButtonProps) {
  return (
    <Toolbar.Button
      type="button"
      aria-label={label}
      aria-keyshortcuts={
        shortcut
          ? `${shortcut.replace('Ctrl', 'Control')} ${shortcut.replace('Ctrl', 'Meta')}`
          : undefined
      }
      title={shortcut ? `${label} (${shortcut})` : label}
      onMouseDown={(event) => {
        onMouseDown?.(event);
        if (keepTextareaFocus) event.preventDefault();
      }}
      className={cn(
        'inline-flex h-11 min-w-9 max-w-11 flex-1 items-center justify-center rounded-md text-muted-foreground transition-colors hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:pointer-events-none data-[state=open]:bg-muted data-[state=open]:text-foreground',
        className,
      )}
      {...props}
    >
      <Icon aria-hidden className="size-[18px]" />
    </Toolbar.Button>
  );
}

function EmojiPicker({ onChoose }: { onChoose: (emoji: string) => void }) {
  return (
    <Tabs defaultValue={DEFAULT_EMOJI_CATEGORY}>
      <TabsList className="flex w-full">
        {EMOJI_CATEGORIES.map((category) => (
          <TabsTrigger key={category.key} value={category.key}>
            {category.label}
          </TabsTrigger>
        ))}
      </TabsList>
      {EMOJI_CATEGORIES.map((category) => (
        <TabsContent key={category.key} value={category.key}>
          <div
            className="grid gap-1"
            style={{ gridTemplateColumns: `repeat(${EMOJI_GRID_COLUMNS}, minmax(0, 1fr))` }}
          >
            {category.emoji.map((emoji) => (
              <button
                key={emoji}
                type="button"
                onClick={() => onChoose(emoji)}
                className="flex min-h-11 items-center justify-center rounded-md text-2xl leading-none transition-colors hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                {emoji}
              </button>
            ))}
          </div>
        </TabsContent>
      ))}
    </Tabs>
  );
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
