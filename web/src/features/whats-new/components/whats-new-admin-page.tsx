import { Badge, Box, Button, Card, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuMegaphone, LuPencil, LuPlus, LuTrash2 } from 'react-icons/lu';
import { WHATS_NEW_PREVIEW_ITEMS, type AdminRelease } from '@shared/whats-new/release';
import { ConfirmDialog } from '@/components/confirm-dialog/confirm-dialog';
import { StatCards } from '@/components/stat-cards/stat-cards';
import { PageHeader } from '@/components/ui/page-header';
import { PageEmpty, PageError, PageLoading } from '@/components/ui/page-states';
import { toaster } from '@/components/ui/toaster';
import { ApiError, errorText } from '@/lib/api-client';
import { useDeleteRelease, useReleases, useReleaseStats, useSetPublished } from '@/api/whats-new';
import { ReleaseFormDialog } from './release-form-dialog';
import { ReleaseItemView } from './release-item-view';
import { ReleaseVersionLine } from './release-version-line';

/** Spec 001 §5, word for word. */
export const DELETE_RELEASE_CONFIRM = 'Are you sure you want to delete this release?';

function failureText(error: unknown, fallback: string): string {
  return errorText(error, error instanceof ApiError ? error.message : fallback);
}

function ReleaseStatCards() {
  const stats = useReleaseStats();
  const cards = [
    ['Total Releases', stats.data?.totalReleases],
    ['Active Releases', stats.data?.activeReleases],
    ['Published Releases', stats.data?.publishedReleases],
    ['Total Items', stats.data?.totalItems],
  ] as const;
  return <StatCards label="Release statistics" cards={cards} failed={stats.isError} />;
}

function ReleaseCard({
  release,
  onEdit,
  onDelete,
}: {
  release: AdminRelease;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const setPublished = useSetPublished();
  const preview = release.items.slice(0, WHATS_NEW_PREVIEW_ITEMS);
  const more = release.items.length - preview.length;
  const togglePublished = () =>
    setPublished.mutate(
      { id: release.id, publish: !release.isPublished },
      {
        onSuccess: () =>
          toaster.create({
            type: 'success',
            title: release.isPublished
              ? `Release ${release.version} unpublished`
              : `Release ${release.version} published`,
          }),
        onError: (error) =>
          toaster.create({
            type: 'error',
            title: release.isPublished
              ? 'Failed to unpublish release'
              : 'Failed to publish release',
            description: failureText(error, 'Try again'),
            closable: true,
          }),
      },
    );

  return (
    <Card.Root as="article" aria-label={`Release ${release.version}`}>
      <Card.Header>
        <Flex justify="space-between" gap="3" wrap="wrap">
          <Stack gap="1" minW="0">
            <ReleaseVersionLine version={release.version} releaseDate={release.releaseDate}>
              <Badge colorPalette={release.isActive ? 'green' : 'gray'}>
                {release.isActive ? 'Active' : 'Inactive'}
              </Badge>
              <Badge colorPalette={release.isPublished ? 'blue' : 'orange'}>
                {release.isPublished ? 'Published' : 'Draft'}
              </Badge>
            </ReleaseVersionLine>
            <Card.Title>{release.title}</Card.Title>
            <Text fontSize="sm" color="fg.muted">
              {release.items.length} {release.items.length === 1 ? 'item' : 'items'}
            </Text>
          </Stack>
          <HStack gap="2" wrap="wrap" alignSelf="flex-start">
            <Button size="sm" variant="outline" onClick={onEdit}>
              <LuPencil /> Edit
            </Button>
            <Button
              size="sm"
              colorPalette={release.isPublished ? 'orange' : 'blue'}
              loading={setPublished.isPending}
              onClick={togglePublished}
            >
              {release.isPublished ? 'Unpublish' : 'Publish'}
            </Button>
            <Button size="sm" variant="outline" colorPalette="red" onClick={onDelete}>
              <LuTrash2 /> Delete
            </Button>
          </HStack>
        </Flex>
      </Card.Header>
      {preview.length > 0 && (
        <Card.Body pt="0">
          <Stack as="ul" gap="3" m="0" p="0" aria-label={`Items of release ${release.version}`}>
            {preview.map((item) => (
              <ReleaseItemView key={item.id} item={item} />
            ))}
          </Stack>
          {more > 0 && (
            <Text mt="3" fontSize="sm" color="fg.muted">
              +{more} more items
            </Text>
          )}
        </Card.Body>
      )}
    </Card.Root>
  );
}

/** What's New Admin (spec 001 §2.16): stat cards, the release list, create, edit, publish, delete. */
export function WhatsNewAdminPage() {
  const releases = useReleases();
  const deleteRelease = useDeleteRelease();
  const [editing, setEditing] = useState<AdminRelease | 'new'>();
  const [deleting, setDeleting] = useState<AdminRelease>();

  const confirmDelete = () => {
    if (!deleting) return;
    deleteRelease.mutate(deleting.id, {
      onSuccess: () => {
        toaster.create({ type: 'success', title: `Release ${deleting.version} deleted` });
        setDeleting(undefined);
      },
      onError: (error) => {
        toaster.create({
          type: 'error',
          title: 'Failed to delete release',
          description: failureText(error, 'Try again'),
          closable: true,
        });
        setDeleting(undefined);
      },
    });
  };

  let content;
  if (releases.isPending || (releases.isError && releases.isFetching)) {
    content = <PageLoading label="Loading releases..." />;
  } else if (releases.isError) {
    content = (
      <PageError
        title="Failed to load releases"
        error={releases.error}
        onRetry={() => void releases.refetch()}
      />
    );
  } else if (releases.data.length === 0) {
    content = (
      <PageEmpty
        icon={<LuMegaphone />}
        title="No releases yet"
        description="Create the first release to tell users what changed."
      />
    );
  } else {
    content = (
      <Stack gap="4">
        {releases.data.map((release) => (
          <ReleaseCard
            key={release.id}
            release={release}
            onEdit={() => setEditing(release)}
            onDelete={() => setDeleting(release)}
          />
        ))}
      </Stack>
    );
  }

  return (
    <Box>
      <PageHeader
        title="What's New Admin"
        subtitle="Release notes shown to users"
        actions={
          <Button colorPalette="blue" onClick={() => setEditing('new')}>
            <LuPlus /> Create New Release
          </Button>
        }
      />
      <ReleaseStatCards />
      {content}
      {editing !== undefined && (
        <ReleaseFormDialog
          {...(editing !== 'new' && { release: editing })}
          onClose={() => setEditing(undefined)}
        />
      )}
      <ConfirmDialog
        open={deleting !== undefined}
        title={deleting ? `Delete release ${deleting.version}` : 'Delete release'}
        message={DELETE_RELEASE_CONFIRM}
        confirmLabel="Delete"
        destructive
        isPending={deleteRelease.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(undefined)}
      />
    </Box>
  );
}
