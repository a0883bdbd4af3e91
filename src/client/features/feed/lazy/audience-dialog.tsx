import { useId, useState } from 'react';
import { audienceFromKey, audienceKey, type PostAudienceView } from '@shared/domain/audience';
import { msg } from '@shared/messages';
import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '@client/components/ui/dialog';
import { AudienceSelect } from '@client/components/audience/audience-select';
import { useSetPostAudience } from '../api/set-post-audience';

/** The post menu's "Who sees this": the author picks another audience for a post. */
export function AudienceDialog({
  postId,
  current,
  open,
  onOpenChange,
}: {
  postId: string;
  current: PostAudienceView;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const [value, setValue] = useState(audienceKey(current));
  const save = useSetPostAudience(postId);
  const onSave = () =>
    save.mutate(audienceFromKey(value), { onSuccess: () => onOpenChange(false) });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>{msg.audienceDialog.whoSeesThisPost}</DialogTitle>
        <DialogDescription>{msg.audienceDialog.communityEveryMemberACrew}</DialogDescription>
        <AudienceSelect id={`${id}-audience`} value={value} onChange={setValue} current={current} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button type="button" variant="secondary">
              {msg.common.cancel}
            </Button>
          </DialogClose>
          <Button type="button" onClick={onSave} disabled={save.isPending}>
            {save.isPending ? msg.audienceSaving : msg.common.save}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
