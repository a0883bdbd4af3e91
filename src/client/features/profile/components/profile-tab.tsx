import { CircleAlert } from 'lucide-react';
import { msg } from '@shared/messages';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { useProfile } from '../api/get-profile';
import { AvatarUpload } from './avatar-upload';
import { ProfileForm } from './profile-form';
import { YourBadges } from './your-badges';

/** The Profile tab: photo, the public profile form, and Your Badges. */
export function ProfileTab() {
  const profile = useProfile();
  if (profile.isPending) return <p className="text-sm text-muted-foreground">{msg.loading}</p>;
  if (profile.isError) {
    return (
      <p role="alert" className="flex items-center gap-2 text-danger">
        <CircleAlert aria-hidden className="size-4" />
        {msg.errorLoadingProfile}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader>
          <CardTitle>{msg.profileTabScreen.photo}</CardTitle>
        </CardHeader>
        <CardContent>
          <AvatarUpload profile={profile.data} />
        </CardContent>
      </Card>
      <ProfileForm key={profile.data.displayName + profile.data.unitPref} profile={profile.data} />
      <YourBadges />
    </div>
  );
}
