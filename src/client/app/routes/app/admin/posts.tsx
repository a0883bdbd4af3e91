import { useSearchParams } from 'react-router';
import { PostsScreen } from '@client/features/admin/components/posts-screen';

export function AdminPostsRoute() {
  const [params] = useSearchParams();
  return (
    <>
      <title>Posts · Admin · StackDays</title>
      <PostsScreen highlight={params.get('post')} />
    </>
  );
}
