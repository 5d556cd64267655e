import { useTraderAreaConfig } from '@/api/amember';
import { EmbeddedFrame } from './embedded-frame';
import { useMembership } from './membership-context';
import { TraderAccessGate } from './trader-access-gate';
import { LoginBadge } from './trader-hub-page';
import { useDocumentTitle } from './use-document-title';

/** MiM, Member in Member tools (spec 001 §2.25): the member site's mim page behind its access check. */
export function MimPage() {
  const config = useTraderAreaConfig();
  const { status } = useMembership();
  useDocumentTitle('MiM');
  return (
    <TraderAccessGate
      returnTo="mim"
      target={config.data?.memberPages.mim}
      checkingTitle="Checking MiM Access"
    >
      <EmbeddedFrame
        name="MiM"
        description="Member in Member tools"
        url={config.data?.memberPages.mim}
        hint="Please ensure you have access to the Member in Member tools."
        badge={<LoginBadge loggedIn={status === 'logged-in'} />}
      />
    </TraderAccessGate>
  );
}
