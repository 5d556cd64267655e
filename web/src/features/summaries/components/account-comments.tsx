import { Alert, Button, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  COMMENT_REQUIRED_MESSAGE,
  accountCommentBodySchema,
  type AccountComment,
  type AccountCommentBody,
} from '@shared/comments/account-comment';
import { formatRelativeTime, formatDate } from '@/lib/format';
import { Form, TextField } from '@/components/ui/form';

/**
 * The comment form (spec 001 §2.9, §5; decision 24): 'Your Name' is `adminUser`, 'Comment' is
 * `comment`, both required and trimmed with the API's own schema; a blank field shows the spec's
 * alert.
 */
export function CommentForm({
  isPending,
  onSubmit,
  onCancel,
}: {
  isPending: boolean;
  onSubmit: (body: AccountCommentBody) => Promise<unknown>;
  onCancel: () => void;
}) {
  const form = useForm<AccountCommentBody>({
    resolver: zodResolver(accountCommentBodySchema),
    defaultValues: { adminUser: '', comment: '' },
  });
  const blank =
    form.formState.errors.adminUser?.message === COMMENT_REQUIRED_MESSAGE ||
    form.formState.errors.comment?.message === COMMENT_REQUIRED_MESSAGE;
  const submit = async (body: AccountCommentBody) => {
    await onSubmit(body);
    form.reset();
  };
  return (
    <Form
      form={form}
      schema={accountCommentBodySchema}
      onValid={submit}
      showsUnderField={(message) => message !== COMMENT_REQUIRED_MESSAGE}
      aria-label="Add comment"
    >
      <Stack gap="3">
        {blank && (
          <Alert.Root status="warning" role="alert">
            <Alert.Indicator />
            <Alert.Title>{COMMENT_REQUIRED_MESSAGE}</Alert.Title>
          </Alert.Root>
        )}
        <TextField name="adminUser" label="Your Name" autoComplete="name" />
        <TextField name="comment" label="Comment" rows={3} />
        <Stack direction="row" gap="2">
          <Button type="submit" loading={isPending} loadingText="Saving...">
            Save Comment
          </Button>
          <Button variant="ghost" onClick={onCancel} disabled={isPending}>
            Cancel
          </Button>
        </Stack>
      </Stack>
    </Form>
  );
}

/** Description entries as a list: date | author | text, with relative times (spec 001 §2.9). */
export function CommentList({ comments }: { comments: readonly AccountComment[] }) {
  if (comments.length === 0) return <Text color="fg.muted">No comments yet.</Text>;
  return (
    <Stack as="ul" gap="2" listStyleType="none" aria-label="Comments">
      {comments.map((comment) => {
        const day = comment.createdAt.slice(0, 10).replaceAll('-', '');
        return (
          <Text as="li" key={comment.commentId} fontSize="sm">
            <Text as="span" color="fg.muted" title={comment.createdAt}>
              {formatDate(day)} ({formatRelativeTime(comment.createdAt)})
            </Text>
            {' | '}
            <Text as="span" fontWeight="semibold">
              {comment.author}
            </Text>
            {' | '}
            {comment.text}
          </Text>
        );
      })}
    </Stack>
  );
}
