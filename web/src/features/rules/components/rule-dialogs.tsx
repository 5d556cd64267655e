import type { RuleDefinition } from '@shared/rules/rule-definition';
import { ConfirmDialog } from '@/components/confirm-dialog/confirm-dialog';
import { toaster } from '@/components/ui/toaster';
import { useDeleteRule } from '@/api/rules';
import { errorText } from '@/lib/api-client';
import { blankRule } from '../rule-templates';
import { ProgramRuleFormDialog } from './program-rule-form';
import { RuleFormDialog, ruleToFormValues } from './rule-form';

/** What Rules Management has open: the rule form (to create or edit), an assignment, a deletion. */
export type RuleDialog =
  | { kind: 'create' }
  | { kind: 'edit'; rule: RuleDefinition }
  | { kind: 'assign'; rule: RuleDefinition }
  | { kind: 'delete'; rule: RuleDefinition };

/** The rule form: blank with templates to create a rule, or filled with `rule` to edit it. */
function RuleEditor({ rule, onClose }: { rule?: RuleDefinition; onClose: () => void }) {
  const [failed, done] = rule ? ['update', 'updated'] : ['create', 'created'];
  return (
    <RuleFormDialog
      mode={rule ? 'edit' : 'create'}
      initial={rule ? ruleToFormValues(rule) : blankRule()}
      stored={rule}
      showTemplates={!rule}
      failureText={(error) => `Failed to ${failed} rule: ${errorText(error)}`}
      onClose={onClose}
      onSaved={(saved) => {
        toaster.create({ type: 'success', title: `Rule "${saved.name}" ${done}` });
        onClose();
      }}
    />
  );
}

function DeleteRuleConfirm({ rule, onClose }: { rule?: RuleDefinition; onClose: () => void }) {
  const remove = useDeleteRule();
  return (
    <ConfirmDialog
      open={rule !== undefined}
      title={rule ? `Delete ${rule.name}` : 'Delete rule'}
      message="Are you sure you want to delete this rule?"
      confirmLabel="Delete"
      destructive
      isPending={remove.isPending}
      onClose={onClose}
      onConfirm={() => {
        if (!rule) return;
        remove.mutate(rule.ruleId, {
          onSuccess: () => {
            toaster.create({ type: 'success', title: `Rule "${rule.name}" deleted` });
            onClose();
          },
          onError: (error) => {
            toaster.create({
              type: 'error',
              title: `Failed to delete rule: ${errorText(error)}`,
              duration: 10_000,
              closable: true,
            });
            onClose();
          },
        });
      }}
    />
  );
}

/** Rules Management's dialogs; `dialog` says which one is open. */
export function RuleDialogs({ dialog, onClose }: { dialog?: RuleDialog; onClose: () => void }) {
  return (
    <>
      {dialog?.kind === 'create' && <RuleEditor onClose={onClose} />}
      {dialog?.kind === 'edit' && <RuleEditor rule={dialog.rule} onClose={onClose} />}
      {dialog?.kind === 'assign' && (
        <ProgramRuleFormDialog
          title={`Assign Rule: ${dialog.rule.name}`}
          ruleId={dialog.rule.ruleId}
          onClose={onClose}
          onAssigned={({ prefix, phaseId }, result) => {
            toaster.create({
              type: 'success',
              title: `Rule assigned to ${prefix} / ${phaseId} (version ${result.version})`,
            });
            onClose();
          }}
        />
      )}
      <DeleteRuleConfirm
        rule={dialog?.kind === 'delete' ? dialog.rule : undefined}
        onClose={onClose}
      />
    </>
  );
}
