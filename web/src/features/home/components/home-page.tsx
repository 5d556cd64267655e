import { Box, Card, Heading, Icon, LinkBox, LinkOverlay, SimpleGrid } from '@chakra-ui/react';
import type { IconType } from 'react-icons';
import { LuChartLine, LuLayers, LuUsers, LuWallet } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { lazy, Suspense } from 'react';

interface SectionCard {
  title: string;
  description: string;
  to: string;
  icon: IconType;
}

const sectionCards: SectionCard[] = [
  {
    title: 'Account Management',
    description: 'Browse every trading account by phase, balance and status.',
    to: paths.accounts.href(),
    icon: LuWallet,
  },
  {
    title: 'Performance Analytics',
    description: "Review the latest day's results and rule conformance across accounts.",
    to: paths.latestPerformance.href(),
    icon: LuChartLine,
  },
  {
    title: 'Trader Overview',
    description: 'Look up traders, their accounts and their dashboards.',
    to: paths.traders.href(),
    icon: LuUsers,
  },
  {
    title: 'Trading Programs',
    description: 'Manage evaluation, sim-funded and live-funded programs and their rules.',
    to: paths.programs.href(),
    icon: LuLayers,
  },
];

// Its own chunk: the glance's API schemas (zod) stay out of the first load of sign-in and home.
const TodayAtAGlance = lazy(() =>
  import('./today-at-a-glance').then((m) => ({ default: m.TodayAtAGlance })),
);

export function HomePage() {
  return (
    <>
      <PageHeader title="Dashboard" subtitle="Pick a section of the back office to work in." />
      <Suspense fallback={<Box minH="56" mb="8" />}>
        <TodayAtAGlance />
      </Suspense>
      <Heading as="h2" size="lg" mb="3">
        Sections
      </Heading>
      <SimpleGrid columns={{ base: 1, md: 2, xl: 4 }} gap="6">
        {sectionCards.map((card) => (
          <LinkBox key={card.to} asChild>
            <Card.Root
              variant="outline"
              transition="border-color 0.2s"
              _hover={{ borderColor: 'blue.solid' }}
            >
              <Card.Body gap="3">
                <Icon as={card.icon} boxSize="6" color="blue.fg" aria-hidden />
                <Card.Title>
                  <LinkOverlay asChild>
                    <RouterLink to={card.to}>{card.title}</RouterLink>
                  </LinkOverlay>
                </Card.Title>
                <Card.Description>{card.description}</Card.Description>
              </Card.Body>
            </Card.Root>
          </LinkBox>
        ))}
      </SimpleGrid>
    </>
  );
}
