import path from 'node:path';
import { Template } from 'aws-cdk-lib/assertions';
import { desklineContext } from '../../infra/context';
import { createDeskline } from '../../infra/deskline';
import { parseMembership } from '../../infra/membership';
import { routes } from '@shared/api/routes';
import { fixturesDir, functionOf, testApp } from './support/cdk-test-app';

const contextOf =
  (values: Record<string, unknown>) =>
  (key: string): unknown =>
    values[key];

describe('membership context', () => {
  it("reads cdk.json's deskline:membershipUrl", () => {
    expect(desklineContext(testApp()).membership).toEqual({
      apiUrl: 'https://members.example.com',
    });
  });

  it('reads the site, tools and session cookie keys beside the URL, trimmed', () => {
    expect(
      parseMembership(
        contextOf({
          membershipUrl: 'https://api.members.example.com/',
          membershipSiteUrl: ' https://members.example.com/amember ',
          toolsUrl: 'https://tools.example.com',
          membershipSessionCookie: ' PHPSESSID ',
        }),
      ),
    ).toEqual({
      apiUrl: 'https://api.members.example.com',
      siteUrl: 'https://members.example.com/amember',
      toolsUrl: 'https://tools.example.com',
      sessionCookie: 'PHPSESSID',
    });
    expect(parseMembership(contextOf({}))).toBeUndefined();
  });

  it.each([
    [{ membershipUrl: 'http://members.example.com' }, /membershipUrl: .* is not an https URL/],
    [{ membershipUrl: 'members.example.com' }, /is not an https URL/],
    [{ membershipUrl: 'https://u:p@members.example.com' }, /is not an https URL/],
    [
      { membershipUrl: 'https://members.example.com', toolsUrl: 'https://t.example.com/?x' },
      /toolsUrl: .* is not an https URL/,
    ],
    [
      { membershipUrl: 'https://members.example.com', membershipSessionCookie: 'sid; path=/' },
      /is not a cookie name/,
    ],
    [{ toolsUrl: 'https://tools.example.com' }, /need deskline:membershipUrl/],
  ])('refuses %p', (values, message) => {
    expect(() => parseMembership(contextOf(values))).toThrow(message);
  });
});

describe('membership context in the synthesized app', () => {
  const app = testApp();
  app.node.setContext('deskline:membershipUrl', 'https://api.members.example.com');
  app.node.setContext('deskline:membershipSiteUrl', 'https://members.example.com/amember');
  app.node.setContext('deskline:toolsUrl', 'https://tools.example.com/pages');
  app.node.setContext('deskline:membershipSessionCookie', 'PHPSESSID');
  const stacks = createDeskline(app, {
    env: { region: 'eu-west-1' },
    routes,
    webAssetsDir: path.join(fixturesDir, 'web'),
    ...desklineContext(app),
  });

  it("reaches the membership functions' environment, and no other function's", () => {
    const variables = (resource: string) =>
      (
        functionOf(stacks.api, resource).properties.Environment as {
          Variables: Record<string, unknown>;
        }
      ).Variables;
    expect(variables('amember')).toMatchObject({
      MEMBERSHIP_API_URL: 'https://api.members.example.com',
      MEMBERSHIP_SITE_URL: 'https://members.example.com/amember',
      TOOLS_SITE_URL: 'https://tools.example.com/pages',
      MEMBERSHIP_SESSION_COOKIE: 'PHPSESSID',
    });
    expect(variables('auth')).toMatchObject({
      MEMBERSHIP_API_URL: 'https://api.members.example.com',
    });
    expect(variables('rules')).not.toHaveProperty('MEMBERSHIP_API_URL');
  });

  it('lets the trader area frame the membership site and the tools', () => {
    const policies = Template.fromStack(stacks.web).findResources(
      'AWS::CloudFront::ResponseHeadersPolicy',
    );
    const csp = JSON.stringify(policies);
    const frameSrc = /frame-src ([^;"]*)/.exec(csp)?.[1]?.split(' ');
    expect(frameSrc).toEqual([
      "'self'",
      'https://members.example.com',
      'https://tools.example.com',
    ]);
  });
});
