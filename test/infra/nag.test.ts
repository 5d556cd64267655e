import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { createDeskline } from '../../infra/deskline';
import { patternAcknowledgements } from '../../infra/nag-suppressions';
import { routes } from '@shared/api/routes';
import { fixturesDir, testApp } from './support/cdk-test-app';

/*
 * cdk-nag's AwsSolutions pack over every stack of the deployment. Findings accepted by id
 * are acknowledged in infra/nag-suppressions.ts, each with its reason; the few whose id embeds a
 * synthesized reference are accepted there by pattern. Any other finding fails this test.
 */

interface Violation {
  ruleName: string;
  violatingConstructs?: Array<{ constructPath: string }>;
}

interface Finding {
  id: string;
  path: string;
}

function synthesizeWithNag(): { findings: Finding[]; succeeded: boolean } {
  const app = testApp();
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  createDeskline(app, {
    env: { region: 'eu-west-1' },
    routes,
    webAssetsDir: path.join(fixturesDir, 'web'),
    frameAncestors: ['https://members.example.com'],
    frameSources: ['https://members.example.com'],
    alarmEmail: 'ops@example.com',
  });
  let succeeded = true;
  try {
    app.synth();
  } catch {
    succeeded = false;
  }
  const report = JSON.parse(
    readFileSync(path.join(app.outdir, 'validation-report.json'), 'utf8'),
  ) as { pluginReports: Array<{ violations: Violation[] }> };
  const findings = report.pluginReports
    .flatMap((plugin) => plugin.violations)
    .flatMap((violation) =>
      (violation.violatingConstructs ?? []).map((construct) => ({
        id: violation.ruleName,
        path: construct.constructPath,
      })),
    );
  return { findings, succeeded };
}

const accepted = (finding: Finding) =>
  patternAcknowledgements.some(
    (rule) => rule.finding.test(finding.id) && rule.path.test(finding.path),
  );

describe('cdk-nag AwsSolutions on every stack', () => {
  const { findings, succeeded } = synthesizeWithNag();

  it('finds nothing that is not acknowledged with a reason', () => {
    expect(findings.filter((finding) => !accepted(finding))).toEqual([]);
  });

  it('leaves only the pattern-accepted findings, each of them met', () => {
    expect(succeeded || findings.length > 0).toBe(true);
    for (const rule of patternAcknowledgements) {
      expect(findings.some((finding) => rule.finding.test(finding.id))).toBe(true);
    }
  });
});
