import { Button, HStack } from '@chakra-ui/react';
import type { IconType } from 'react-icons';
import { Link as RouterLink } from 'react-router-dom';
import { ActionText } from '@/components/data-table/data-table';

export interface ItemAction {
  /** The verb the button shows ('Edit'). */
  label: string;
  icon: IconType;
  /** The accessible name, when not the verb and the item's name ('Edit EVAL50K'). */
  name?: string;
  /** A link's address; without it the button runs `onClick`. */
  to?: string;
  onClick?: () => void;
  /** It removes something: red. */
  destructive?: boolean;
}

/**
 * What can be done to one item, as a row of buttons, each named with the item it acts on. In a
 * table row (`row`) they are small icon buttons whose verb shows only on wide screens, so the
 * actions column stays narrow; in a card's footer (`card`) they are outlined and keep their verb.
 */
export function ItemActions({
  item,
  actions,
  look = 'row',
}: {
  /** The item's name, for each button's accessible name. */
  item: string;
  actions: ItemAction[];
  look?: 'row' | 'card';
}) {
  const row = look === 'row';
  return (
    <HStack gap={row ? '1' : '2'} wrap={row ? undefined : 'wrap'}>
      {actions.map(({ label, icon: Icon, name, to, onClick, destructive }) => {
        const content = (
          <>
            <Icon /> {row ? <ActionText>{label}</ActionText> : label}
          </>
        );
        return (
          <Button
            key={label}
            size={row ? 'xs' : 'sm'}
            variant={row ? 'ghost' : 'outline'}
            colorPalette={destructive ? 'red' : undefined}
            aria-label={name ?? `${label} ${item}`}
            title={row ? label : undefined}
            asChild={to !== undefined}
            onClick={to === undefined ? onClick : undefined}
          >
            {to === undefined ? content : <RouterLink to={to}>{content}</RouterLink>}
          </Button>
        );
      })}
    </HStack>
  );
}
