// The journal's markdown toolbar: the formatting buttons and the emoji picker.
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
import { DEFAULT_EMOJI_CATEGORY, EMOJI_CATEGORIES, EMOJI_GRID_COLUMNS } from '@shared/constants';
import { cn } from '@client/lib/cn';
import { Popover, PopoverContent, PopoverTrigger } from '@client/components/ui/popover';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { msg } from '@shared/messages';

/** What each toolbar button does to the journal text. */
export interface JournalFormatting {
  bold: () => void;
  italic: () => void;
  heading: () => void;
  bulletList: () => void;
  numberedList: () => void;
  link: () => void;
  insertEmoji: (emoji: string) => void;
}

interface JournalToolbarProps {
  fieldId: string;
  disabled: boolean;
  formatting: JournalFormatting;
  /** Where the caret goes back to after an emoji is picked. */
  textareaRef: React.RefObject<HTMLTextAreaElement | null>;
}

export function JournalToolbar({
  fieldId,
  disabled,
  formatting,
  textareaRef,
}: JournalToolbarProps) {
  const { bold, italic, heading, bulletList, numberedList, link } = formatting;
  return (
    <Toolbar.Root
      aria-label={msg.journalToolbar.formatting}
      aria-controls={fieldId}
      className="flex flex-wrap items-center border-b border-border bg-muted/50 p-0.5"
    >
      <ToolButton
        icon={Bold}
        label={msg.journalToolbar.bold}
        shortcut={msg.journalToolbar.ctrlB}
        onClick={bold}
        disabled={disabled}
      />
      <ToolButton
        icon={Italic}
        label={msg.journalToolbar.italic}
        shortcut={msg.journalToolbar.ctrlI}
        onClick={italic}
        disabled={disabled}
      />
      <ToolButton
        icon={Heading2}
        label={msg.journalToolbar.heading}
        onClick={heading}
        disabled={disabled}
      />
      <ToolButton
        icon={List}
        label={msg.journalToolbar.bulletedList}
        onClick={bulletList}
        disabled={disabled}
      />
      <ToolButton
        icon={ListOrdered}
        label={msg.journalToolbar.numberedList}
        onClick={numberedList}
        disabled={disabled}
      />
      <ToolButton
        icon={LinkIcon}
        label={msg.common.link}
        shortcut={msg.journalToolbar.ctrlK}
        onClick={link}
        disabled={disabled}
      />
      <EmojiPopover
        disabled={disabled}
        onChoose={formatting.insertEmoji}
        textareaRef={textareaRef}
      />
    </Toolbar.Root>
  );
}

function EmojiPopover({
  disabled,
  onChoose,
  textareaRef,
}: {
  disabled: boolean;
  onChoose: (emoji: string) => void;
  textareaRef: React.RefObject<HTMLTextAreaElement | null>;
}) {
  const [emojiOpen, setEmojiOpen] = React.useState(false);
  const emojiInserted = React.useRef(false);
  const chooseEmoji = (emoji: string) => {
    emojiInserted.current = true;
    setEmojiOpen(false);
    onChoose(emoji);
  };

  return (
    <Popover open={emojiOpen} onOpenChange={setEmojiOpen}>
      <PopoverTrigger asChild>
        <ToolButton
          icon={Smile}
          label={msg.journalToolbar.emoji}
          disabled={disabled}
          keepTextareaFocus={false}
        />
      </PopoverTrigger>
      <PopoverContent
        align="start"
        aria-label={msg.journalToolbar.emoji}
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
            {msg.options.emojiCategory[category.key]}
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
