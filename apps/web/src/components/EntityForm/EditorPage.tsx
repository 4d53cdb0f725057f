import type { ReactNode } from 'react';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Flex, Result, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { ErrorResult } from '../../app/errors/ErrorResult';
import { PageLoading } from '../../app/errors/PageLoading';

/** The editor's id in the query (`?id=`): a positive whole number, or undefined for a new entity. */
export function useEditorId(): number | undefined {
  const [searchParams] = useSearchParams();
  const id = Number(searchParams.get('id'));
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

interface EditorPageProps {
  /** Undefined while a new entity is created: there is nothing to load. */
  id: number | string | undefined;
  /** The entity's query: the page shows its loading, its absence (404) and its failure. */
  entity: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  back: { to: string; label: ReactNode };
  /** The 404's title, e.g. "the poster does not exist". */
  notFound: ReactNode;
  /** The entity's name once loaded, or the new entity's heading; beside it `status`, if any. */
  title: ReactNode;
  status?: ReactNode;
  children: ReactNode;
}

/**
 * The frame of a page that edits one entity (`?id=`) or creates one: a link back to its list, the entity
 * loading, not found or failing to load, then its title and its form.
 */
export function EditorPage({ id, entity, back, notFound, title, status, children }: EditorPageProps) {
  const backLink = (
    <Link to={back.to}>
      <ArrowLeftOutlined /> {back.label}
    </Link>
  );
  if (id !== undefined) {
    if (entity.isPending) return <PageLoading />;
    if (entity.isError) {
      return entity.error instanceof ApiError && entity.error.status === 404 ? (
        <Result status="404" title={notFound} extra={backLink} />
      ) : (
        <ErrorResult error={entity.error} onRetry={() => void entity.refetch()} />
      );
    }
  }
  const heading = (
    <Typography.Title level={4} style={{ margin: 0 }}>
      {title}
    </Typography.Title>
  );
  return (
    <Flex vertical gap={16}>
      {backLink}
      {status ? (
        <Flex align="center" gap={12}>
          {heading}
          {status}
        </Flex>
      ) : (
        heading
      )}
      {children}
    </Flex>
  );
}
