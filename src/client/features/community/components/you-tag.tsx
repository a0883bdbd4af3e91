import { msg } from '@shared/messages'; /** Marks the viewer's own row in words, not only with its highlight. */
export function YouTag() {
  return (
    <span className="shrink-0 rounded-full bg-primary px-2 py-0.5 text-xs font-bold text-primary-foreground">
      {msg.youTag.you}
    </span>
  );
}
