import { useSearchParams } from 'react-router';
import { PostsScreen } from '@client/features/admin/components/posts-screen';
import { msg } from '@shared/messages';

export function AdminPostsRoute() {
  const [params] = useSearchParams();
  return (
    <>
      <title>{msg.adminPostsPage.title}</title>
      <PostsScreen highlight={params.get('post')} />
    </>
  );
}
