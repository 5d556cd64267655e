import { Box, Text } from '@chakra-ui/react';
import { formatMoney } from '../../lib/format';

/** The points of a nivo line slice, as much of them as the tooltip reads. */
export interface SlicePoint {
  id: string;
  seriesId: string | number;
  seriesColor: string;
  data: { y: unknown };
}

/** A line chart's slice tooltip (UI.md): the day as `title`, then each series' value in USD. */
export function UsdSliceTooltip({
  title,
  points,
}: {
  title: string;
  points: readonly SlicePoint[];
}) {
  return (
    <Box bg="bg.panel" color="fg" borderWidth="1px" rounded="md" px="3" py="2" shadow="md">
      <Text fontWeight="semibold" mb="1">
        {title}
      </Text>
      {points.map((point) => (
        <Text key={point.id} fontSize="sm" color={point.seriesColor}>
          {point.seriesId}: {formatMoney(Number(point.data.y))}
        </Text>
      ))}
    </Box>
  );
}
