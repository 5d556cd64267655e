import {
  Alert,
  Badge,
  Box,
  Button,
  Flex,
  Heading,
  HStack,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { PageError, PageLoading } from '@/components/ui/page-states';
import { useTraderAreaConfig } from '@/api/amember';
import {
  DEFAULT_HUB_SECTION,
  HUB_FRAME_SANDBOX,
  HUB_SECTIONS,
  SECTION_SWITCH_MS,
  hubSection,
  isHubSection,
  type HubSectionId,
} from '../hub-sections';
import { useMembership } from './membership-context';
import { TraderAccessGate } from './trader-access-gate';
import { useDocumentTitle } from './use-document-title';

/**
 * The section a hub address shows: /traders/{section} (in any letter case: the router matches
 * addresses so), or accounts for /trader-accounts.
 */
function sectionOf(pathname: string): HubSectionId {
  const last = pathname.split('/').filter(Boolean).at(-1)?.toLowerCase();
  return isHubSection(last) ? last : DEFAULT_HUB_SECTION;
}

/** The note an address with no such section brings (see `unknownSectionRedirect`). */
function UnknownSectionNote() {
  const state = useLocation().state as { unknownSection?: unknown } | null;
  if (typeof state?.unknownSection !== 'string') return null;
  return (
    <Alert.Root status="info" role="note" size="sm">
      <Alert.Indicator />
      <Alert.Title>
        There is no section "{state.unknownSection}" in the Trader Hub: showing{' '}
        {hubSection(DEFAULT_HUB_SECTION).title}.
      </Alert.Title>
    </Alert.Root>
  );
}

export function LoginBadge({ loggedIn }: { loggedIn: boolean }) {
  return (
    <Badge colorPalette={loggedIn ? 'green' : 'red'} variant="subtle">
      {loggedIn ? 'Logged In' : 'Not Logged In'}
    </Badge>
  );
}

function Hub({ origin, pages }: { origin: string; pages: Record<HubSectionId, string> }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const membership = useMembership();
  const section = sectionOf(pathname);
  const current = hubSection(section);
  const loggedIn = membership.status === 'logged-in';
  // The section being opened while switching: the address follows a moment later (the router
  // navigates in a transition), so the overlay names this one, not the section being left.
  const [opening, setOpening] = useState<HubSectionId | null>(null);
  const loading = opening !== null;
  const [visited, setVisited] = useState<HubSectionId[]>([section]);
  const frameRef = useRef<HTMLIFrameElement>(null);
  useDocumentTitle(current.title);

  // Switching sets the loading flag; it clears after 1000 ms or when the frame has loaded.
  useEffect(() => {
    if (!loading) return undefined;
    const timer = setTimeout(() => setOpening(null), SECTION_SWITCH_MS);
    return () => clearTimeout(timer);
  }, [loading, section]);

  const switchTo = useCallback(
    (next: HubSectionId) => {
      if (next === section) return;
      setOpening(next);
      setVisited((list) => [...list, next]);
      void navigate(`/traders/${next}`);
    },
    [section, navigate],
  );
  const { recheck } = membership;

  // Window messages count only from the membership site (spec 001 §7).
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin) return;
      const data = event.data as { type?: unknown; section?: unknown; authenticated?: unknown };
      if (data?.type === 'IFRAME_NAVIGATION_REQUEST' && isHubSection(data.section)) {
        switchTo(data.section);
      } else if (
        data?.type === 'IFRAME_AUTH_STATUS' &&
        typeof data.authenticated === 'boolean' &&
        data.authenticated !== loggedIn
      ) {
        recheck();
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [origin, switchTo, loggedIn, recheck]);

  const onFrameLoad = () => {
    // The frame of the section being left can still finish loading: only the new one ends the switch.
    if (opening !== null && opening !== section) return;
    setOpening(null);
    frameRef.current?.contentWindow?.postMessage(
      { type: 'SHARED_IFRAME_READY', section, authenticated: loggedIn },
      origin,
    );
  };

  return (
    <Stack gap="4" h="full">
      <Flex gap="3" align="center" wrap="wrap">
        <Heading as="h1" size="2xl">
          {current.title}
        </Heading>
        <LoginBadge loggedIn={loggedIn} />
        {loading && <Spinner size="sm" role="status" aria-label="Switching section" />}
      </Flex>
      <Text color="fg.muted">{current.description}</Text>
      <UnknownSectionNote />
      <HStack as="nav" aria-label="Hub sections" gap="2" wrap="wrap">
        {HUB_SECTIONS.map((item) => (
          <Button
            key={item.id}
            size="sm"
            variant={item.id === section ? 'solid' : 'outline'}
            aria-current={item.id === section ? 'page' : undefined}
            disabled={loading}
            onClick={() => switchTo(item.id)}
          >
            {item.title}
          </Button>
        ))}
      </HStack>
      <Text fontSize="xs" color="fg.muted" data-testid="hub-history">
        Visited: {visited.map((id) => hubSection(id).title).join(' → ')}
      </Text>
      <Box
        position="relative"
        flex="1"
        minH="70vh"
        borderWidth="1px"
        rounded="md"
        overflow="hidden"
      >
        {loading && (
          <Stack
            position="absolute"
            inset="0"
            align="center"
            justify="center"
            bg="bg/80"
            zIndex="1"
            role="status"
            gap="2"
          >
            <Spinner />
            <Text fontWeight="semibold">
              Navigating to {hubSection(opening ?? section).title}...
            </Text>
            <Text color="fg.muted">Please wait while we load the content...</Text>
          </Stack>
        )}
        <iframe
          ref={frameRef}
          data-membership-frame=""
          key={section}
          title={current.title}
          src={pages[section]}
          sandbox={HUB_FRAME_SANDBOX}
          onLoad={onFrameLoad}
          style={{ width: '100%', height: '100%', minHeight: '70vh', border: 0 }}
        />
      </Box>
    </Stack>
  );
}

/**
 * The trader hub (spec 001 §2.24): /trader-accounts and /traders/{section}, five sections of the
 * membership site in a sandboxed frame, behind the login check.
 */
export function TraderHubPage() {
  const { pathname } = useLocation();
  const config = useTraderAreaConfig();
  const section = sectionOf(pathname);
  // One address per section: /traders/PROFILE opens as /traders/profile.
  const spelled = pathname.split('/').filter(Boolean).at(-1);
  if (pathname.startsWith('/traders/') && spelled !== section) {
    return <Navigate to={`/traders/${section}`} replace />;
  }

  return (
    <TraderAccessGate
      returnTo={section}
      target={config.data?.memberPages[section]}
      checkingTitle="Checking Trader Hub Access"
    >
      {config.isPending ? (
        <PageLoading label="Loading..." />
      ) : config.isError ? (
        <PageError
          title="Unable to load the Trader Hub"
          error={config.error}
          onRetry={() => void config.refetch()}
        />
      ) : (
        <Hub origin={config.data.origin} pages={config.data.memberPages} />
      )}
    </TraderAccessGate>
  );
}
