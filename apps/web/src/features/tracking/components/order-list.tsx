import { Badge, Group, Skeleton, Stack, Text } from '@mantine/core';
import type { Order } from '@riderdesk/domain/contracts/orders';
import type { OrderBucket } from '@riderdesk/domain/order-status';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SECTION_LABEL_KEYS, TRACKING_SECTIONS } from '../tracking-rules.ts';
import { OrderListItem } from './order-list-item.tsx';
import classes from './tracking.module.css';

function Section({
  id,
  title,
  orders,
  emptyText,
  now,
  selectedOrderId,
  showsOutlet,
  onSelect,
  isLoading = false,
  footer,
}: {
  id: string;
  /** Shown instead of the empty text while more results may still arrive. */
  isLoading?: boolean;
  footer?: ReactNode;
  showsOutlet: boolean;
  title: string;
  orders: readonly Order[];
  emptyText: string;
  now: Date;
  selectedOrderId: string | null;
  onSelect: (order: Order) => void;
}) {
  const headingId = `tracking-section-${id}`;
  return (
    <section aria-labelledby={headingId}>
      <Group className={classes.sectionTitle} justify="space-between" gap="xs">
        <Text id={headingId} component="h2" fz="xs" fw={700} tt="uppercase" lts={0.5} c="dimmed" m={0}>
          {title}
        </Text>
        <Badge size="sm" variant="default" radius="sm" aria-hidden>
          {orders.length}
        </Badge>
      </Group>
      {orders.length === 0 && isLoading ? (
        <Skeleton h={64} radius="md" mx={12} mb="sm" aria-hidden />
      ) : orders.length === 0 ? (
        <Text fz="sm" c="dimmed" px={12} pb="sm" fs="italic">
          {emptyText}
        </Text>
      ) : (
        <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {orders.map((order) => (
            <li key={order.order_id}>
              <OrderListItem
                order={order}
                now={now}
                isSelected={order.order_id === selectedOrderId}
                showsOutlet={showsOutlet}
                onSelect={onSelect}
              />
            </li>
          ))}
        </Stack>
      )}
      {footer}
    </section>
  );
}

/** spec §2: new, scheduled, collected, delivered and cancelled sections, or the search results. */
export function OrderList({
  groups,
  searchResults,
  searchTerm,
  now,
  selectedOrderId,
  showsOutlet,
  onSelect,
  isSearching = false,
  searchError = null,
}: {
  showsOutlet: boolean;
  /** A server lookup for the term is under way. */
  isSearching?: boolean;
  /** Why the server lookup failed, already worded for the user. */
  searchError?: string | null;
  groups: Record<OrderBucket, Order[]>;
  searchResults: readonly Order[] | null;
  searchTerm: string;
  now: Date;
  selectedOrderId: string | null;
  onSelect: (order: Order) => void;
}) {
  const { t } = useTranslation();
  if (searchResults) {
    return (
      <Section
        id="search"
        title={t('tracking.section.search')}
        orders={searchResults}
        emptyText={t('tracking.search.no-results', { term: searchTerm.trim() })}
        now={now}
        selectedOrderId={selectedOrderId}
        showsOutlet={showsOutlet}
        onSelect={onSelect}
        isLoading={isSearching}
        footer={
          searchError && (
            <Text fz="sm" c="red" px={12} pb="sm" role="alert">
              {searchError}
            </Text>
          )
        }
      />
    );
  }
  return (
    <Stack gap={4}>
      {TRACKING_SECTIONS.map((bucket) => (
        <Section
          key={bucket}
          id={bucket}
          title={t(SECTION_LABEL_KEYS[bucket])}
          orders={groups[bucket]}
          emptyText={t(`tracking.section-empty.${bucket}`)}
          now={now}
          selectedOrderId={selectedOrderId}
          showsOutlet={showsOutlet}
          onSelect={onSelect}
        />
      ))}
    </Stack>
  );
}
