import { Alert, Button, HStack, Text } from '@chakra-ui/react';
import type { StatusMessage } from './use-account-actions';

/**
 * The account page's five buttons (spec 001 §2.9: Refresh, Update Program, View Account JSON, Add
 * Comment, Current Summary), what Refresh does, and the status line their answers leave.
 */
export function AccountActionBar({
  status,
  refreshing,
  onRefresh,
  updatingProgram,
  onUpdateProgram,
  onViewJson,
  commentOpen,
  onAddComment,
  onCurrentSummary,
}: {
  status: StatusMessage | null;
  refreshing: boolean;
  onRefresh: () => void;
  updatingProgram: boolean;
  onUpdateProgram: () => void;
  onViewJson: () => void;
  commentOpen: boolean;
  onAddComment: () => void;
  onCurrentSummary: () => void;
}) {
  return (
    <>
      <HStack gap="2" wrap="wrap" mb="4">
        <Button
          onClick={onRefresh}
          loading={refreshing}
          loadingText="Refreshing..."
          title="Re-judge the account from the data the futures-trading data provider (Rithmic) sent"
        >
          Refresh
        </Button>
        <Button
          variant="outline"
          onClick={onUpdateProgram}
          loading={updatingProgram}
          loadingText="Updating..."
        >
          Update Program
        </Button>
        <Button variant="outline" onClick={onViewJson}>
          View Account JSON
        </Button>
        <Button variant="outline" onClick={onAddComment} aria-expanded={commentOpen}>
          Add Comment
        </Button>
        <Button variant="outline" onClick={onCurrentSummary}>
          Current Summary
        </Button>
      </HStack>
      <Text fontSize="sm" color="fg.muted" mb="4">
        Refresh re-judges this account from the days the futures-trading data provider sent.
      </Text>
      {status && (
        <Alert.Root status={status.kind} mb="4" role="status">
          <Alert.Indicator />
          <Alert.Title>{status.text}</Alert.Title>
        </Alert.Root>
      )}
    </>
  );
}
