/**
 * The embedded tool pages (spec 001 §2.25, §8): a header, a sandboxed frame of the tool's configured
 * URL, and a fallback with the tool's own hint when the frame cannot be shown.
 */
export const TOOLS = [
  {
    id: 'tradechat',
    name: 'TradeChat',
    description: 'Real-time trader chat',
    hint: 'Please ensure you have access to the trading chat system.',
  },
  {
    id: 'spygate',
    name: 'SpyGate',
    description: 'Market surveillance',
    hint: 'Please ensure you have access to the surveillance system.',
  },
  {
    id: 'wrap',
    name: 'Wrap',
    description: 'Portfolio wrapping and risk tools',
    hint: 'Please ensure you have access to the portfolio wrapping system.',
  },
  {
    id: 'livesquawk',
    name: 'LiveSquawk',
    description: 'Real-time news and alerts',
    hint: 'Please ensure you have access to the live news feed.',
  },
] as const;

export type Tool = (typeof TOOLS)[number];
export type ToolId = Tool['id'];

/** Spec 001 §2.25: document titles are '{Tool} - ' and a suffix naming the trader interface. */
export const TRADER_INTERFACE_TITLE = 'Deskline Trader Interface';

export function toolDocumentTitle(name: string): string {
  return `${name} - ${TRADER_INTERFACE_TITLE}`;
}
