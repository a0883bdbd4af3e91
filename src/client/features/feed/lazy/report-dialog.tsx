import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { REPORT_REASON_MAX } from '@shared/constants';
import { reportSchema, type ReportData, type ReportInput } from '@shared/domain/schemas';
import { msg } from '@shared/messages';
import { ApiError, errorMessage } from '@client/lib/api-client';
import { applyServerFieldErrors } from '@client/lib/form-errors';
import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '@client/components/ui/dialog';
import { FieldMessage, describedBy } from '@client/components/ui/field-message';
import { Label } from '@client/components/ui/label';
import { Textarea } from '@client/components/ui/textarea';
import { useReportPost } from '../api/report-post';

/** Tell the admins what is wrong with a post. A second report on the same post is refused kindly. */
export function ReportDialog({
  postId,
  authorName,
  open,
  onOpenChange,
}: {
  postId: string;
  authorName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const report = useReportPost(postId);
  const form = useForm<ReportInput, unknown, ReportData>({
    resolver: zodResolver(reportSchema),
    defaultValues: { reason: '' },
  });
  const error = form.formState.errors.reason?.message;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;

  const close = () => {
    onOpenChange(false);
    form.reset({ reason: '' });
  };

  const onSubmit = form.handleSubmit((input) =>
    report
      .mutateAsync(input, {
        onSuccess: close,
        onError: (err) => {
          if (err instanceof ApiError && err.status === 409) {
            toast.info(msg.alreadyReported);
            close();
            return;
          }
          const fields = applyServerFieldErrors(form.setError, err, ['reason']);
          if (!fields?.reason) toast.error(errorMessage(err, msg.unexpectedError));
        },
      })
      .catch(() => undefined),
  );

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent>
        <DialogTitle>{msg.reportDialog.reportPost}</DialogTitle>
        <DialogDescription>{msg.reportDialog.lead(authorName)}</DialogDescription>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
          <Label htmlFor={`${id}-reason`}>{msg.common.reason}</Label>
          <Textarea
            id={`${id}-reason`}
            rows={4}
            maxLength={REPORT_REASON_MAX}
            className="resize-none"
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(error && errorId, hintId)}
            {...form.register('reason')}
          />
          <FieldMessage id={errorId} tone="error">
            {error}
          </FieldMessage>
          <FieldMessage id={hintId}>{msg.reportDialog.hint}</FieldMessage>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button type="button" variant="secondary">
                {msg.common.cancel}
              </Button>
            </DialogClose>
            <Button type="submit" variant="danger" disabled={report.isPending}>
              {report.isPending ? msg.sending : msg.reportDialog.sendReport}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
