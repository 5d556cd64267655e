import { useToolStatus } from '@/api/amember';
import { useTraderAreaConfig } from '@/api/amember';
import { TOOLS, type ToolId } from '../tools';
import { EmbeddedFrame } from './embedded-frame';
import { TraderAccessGate } from './trader-access-gate';
import { useDocumentTitle } from './use-document-title';

/** One embedded tool page (spec 001 §2.25): TradeChat, SpyGate, Wrap or LiveSquawk. */
export function ToolPage({ toolId }: { toolId: ToolId }) {
  const tool = TOOLS.find((entry) => entry.id === toolId) ?? TOOLS[0];
  const config = useTraderAreaConfig();
  const url = config.data?.tools[tool.id];
  const status = useToolStatus(tool.id, Boolean(url));
  useDocumentTitle(tool.name);
  return (
    <TraderAccessGate
      returnTo={tool.id}
      target={config.data?.tools[tool.id]}
      checkingTitle={`Checking ${tool.name} Access`}
    >
      <EmbeddedFrame
        name={tool.name}
        description={tool.description}
        url={url}
        hint={tool.hint}
        down={status.data?.reachable === false}
      />
    </TraderAccessGate>
  );
}

export const TradeChatPage = () => <ToolPage toolId="tradechat" />;
export const SpyGatePage = () => <ToolPage toolId="spygate" />;
export const WrapPage = () => <ToolPage toolId="wrap" />;
export const LiveSquawkPage = () => <ToolPage toolId="livesquawk" />;
