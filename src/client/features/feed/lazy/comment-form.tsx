import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { COMMENT_MAX_LENGTH } from '@shared/constants';
import { commentSchema, type CommentData, type CommentInput } from '@shared/domain/schemas';
import { msg } from '@shared/messages';
import { errorMessage } from '@client/lib/api-client';
import { applyServerFieldErrors } from '@client/lib/form-errors';
import { Button } from '@client/components/ui/button';
import { FieldMessage, describedBy } from '@client/components/ui/field-message';
import { Label } from '@client/components/ui/label';
import { Textarea } from '@client/components/ui/textarea';
import { useAddComment } from '../api/add-comment';

export function CommentForm({ postId }: { postId: string }) {
  const id = useId();
  const addComment = useAddComment(postId);
  const form = useForm<CommentInput, unknown, CommentData>({
    resolver: zodResolver(commentSchema),
    defaultValues: { body: '' },
  });
  const body = useWatch({ control: form.control, name: 'body' }) ?? '';
  const error = form.formState.errors.body?.message;
  const errorId = `${id}-error`;
  const counterId = `${id}-counter`;

  const onSubmit = form.handleSubmit((input) =>
    addComment
      .mutateAsync(input, {
        onSuccess: () => form.reset({ body: '' }),
        onError: (err) => {
          const fields = applyServerFieldErrors(form.setError, err, ['body']);
          if (!fields?.body) toast.error(errorMessage(err, msg.unexpectedError));
        },
      })
      .catch(() => undefined),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2">
      <Label htmlFor={`${id}-body`}>{msg.commentForm.addAComment}</Label>
      <Textarea
        id={`${id}-body`}
        rows={2}
        placeholder={msg.commentForm.cheerThemOn}
        className="resize-none"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(error && errorId, counterId)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) void onSubmit();
        }}
        {...form.register('body')}
      />
      <div className="flex items-start justify-between gap-3">
        <FieldMessage id={errorId} tone="error">
          {error}
        </FieldMessage>
        <p
          id={counterId}
          className={
            body.length > COMMENT_MAX_LENGTH
              ? 'ml-auto tabular text-xs font-semibold text-danger'
              : 'ml-auto tabular text-xs text-muted-foreground'
          }
        >
          {msg.journalCounter(body.length, COMMENT_MAX_LENGTH)}
        </p>
      </div>
      <Button type="submit" className="self-end" disabled={addComment.isPending}>
        {addComment.isPending ? msg.loading : msg.commentForm.postComment}
      </Button>
    </form>
  );
}
