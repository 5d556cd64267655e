import { readFileSync } from 'node:fs';
import path from 'node:path';
import { App } from 'aws-cdk-lib';
import type { Template } from 'aws-cdk-lib/assertions';
import { repoRoot } from '../../../infra/paths';

export const fixturesDir = path.join(repoRoot, 'test', 'infra', 'fixtures');

/**
 * An app with cdk.json's context (the feature flags), so tests synthesize what `cdk synth` does,
 * minus two slow parts these tests do not assert on: esbuild bundling, and the template validation
 * against CloudFormation's default rules (seconds per jest worker), which `npm run synth` runs on
 * the real app.
 */
export function testApp(): App {
  const cdkJson = JSON.parse(readFileSync(path.join(repoRoot, 'cdk.json'), 'utf8')) as {
    context: Record<string, unknown>;
  };
  return new App({
    context: { ...cdkJson.context, 'aws:cdk:bundling-stacks': [] },
    builtinCloudFormationValidation: false,
  });
}

/** The resources of one type, keyed by logical id. */
export function resourcesOfType(
  template: Template,
  type: string,
): Record<string, { Properties: Record<string, unknown> }> {
  return template.findResources(type) as Record<string, { Properties: Record<string, unknown> }>;
}
