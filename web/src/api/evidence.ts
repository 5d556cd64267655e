import { useMutation } from '@tanstack/react-query';
import * as z from 'zod';
import { evidenceFileName } from '@shared/evidence/file-name';
import { apiClient } from '@/lib/api-client';

/*
 * The pack is checked only as far as naming the file needs; every other member is kept as the
 * server wrote it (loose objects), since the file is for the verifier, not for this screen.
 */
const evidenceFileSchema = z.looseObject({
  accountId: z.string(),
  generatedAt: z.string(),
  inputs: z.looseObject({ days: z.array(z.looseObject({ date: z.string() })) }),
});

export interface EvidenceFile {
  fileName: string;
  /** The pack as JSON, indented for reading; its hash covers the inputs' values, not this layout. */
  text: string;
}

/** `GET /api/accounts/{accountId}/evidence`: the account's evidence pack, or one breach's. */
export async function fetchEvidenceFile(accountId: string, breach?: string): Promise<EvidenceFile> {
  const pack = await apiClient.get('/api/accounts/{accountId}/evidence', {
    schema: evidenceFileSchema,
    params: { accountId },
    query: { breach },
  });
  return { fileName: evidenceFileName(pack), text: `${JSON.stringify(pack, null, 2)}\n` };
}

export function useEvidenceDownload() {
  return useMutation({
    mutationFn: ({ accountId, breach }: { accountId: string; breach?: string }) =>
      fetchEvidenceFile(accountId, breach),
  });
}
