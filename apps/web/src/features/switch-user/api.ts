import { type UserListPage, userListPageSchema } from '@pluvio/shared/users.schemas';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

export const USERS_PAGE_SIZE = 20;

/** GET /api/admin/users: one page of the active users whose name or e-mail address holds `search`. */
async function fetchUsersPage(search: string, page: number): Promise<UserListPage> {
  return userListPageSchema.parse(
    await apiRequest('/api/admin/users', { query: { search, page, page_size: USERS_PAGE_SIZE } }),
  );
}

/** The users found so far for `search`, a page at a time ('Load more users'). */
export function usersSearchQuery(search: string) {
  return infiniteQueryOptions({
    queryKey: ['admin', 'users', search],
    queryFn: ({ pageParam }) => fetchUsersPage(search, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.page_size < last.total ? last.page + 1 : undefined),
    enabled: search.length > 0,
  });
}
