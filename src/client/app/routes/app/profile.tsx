import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { msg } from '@shared/messages';
import { ScreenHeading } from '@client/components/layout/screen-heading';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { subscriptionQueryOptions } from '@client/features/auth/api/get-subscription';
import { useSignOut } from '@client/features/auth/api/sign-out';
import { useSignedInUser } from '@client/features/auth/components/require-auth';
import { HealthIntakeDialog } from '@client/features/profile/components/health-intake-dialog';
import { YourPosts } from '@client/features/feed/components/your-posts';
import { HealthTab } from '@client/features/profile/components/health-tab';
import { ProfileTab } from '@client/features/profile/components/profile-tab';
import { BillingStatus } from '@client/features/settings/components/billing-status';
import { SettingsPanel } from '@client/features/settings/components/settings-panel';
import { SignOutCard } from '@client/features/settings/components/sign-out-card';
import { YourData } from '@client/features/settings/components/your-data';

const TABS = ['profile', 'health', 'settings'] as const;
type Tab = (typeof TABS)[number];

/** /app/profile: Profile, Health and Settings tabs (?tab= keeps the choice in the address). */
export function ProfileRoute() {
  const user = useSignedInUser();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = TABS.includes(requested as Tab) ? (requested as Tab) : 'profile';
  const subscription = useQuery(subscriptionQueryOptions(user.userId));
  // No navigate here: once the session is cleared, the guard itself sends the member to '/'.
  const signOut = useSignOut({ onSignedOut: () => toast.success(msg.signedOut) });

  return (
    <>
      <title>{msg.profilePage.title}</title>
      <ScreenHeading>{msg.profileTab}</ScreenHeading>
      <Tabs
        value={tab}
        onValueChange={(next) =>
          setParams(next === 'profile' ? {} : { tab: next }, { replace: true })
        }
      >
        <TabsList aria-label={msg.profilePage.profileSections} className="w-full sm:w-auto">
          <TabsTrigger value="profile">{msg.profileTab}</TabsTrigger>
          <TabsTrigger value="health">{msg.healthTab}</TabsTrigger>
          <TabsTrigger value="settings">{msg.settingsTab}</TabsTrigger>
        </TabsList>
        <TabsContent value="profile" className="flex flex-col gap-8">
          <ProfileTab />
          {/* The member's own posts, every audience (decision 0093). */}
          <YourPosts viewerId={user.userId} unitPref={user.unitPref} />
        </TabsContent>
        <TabsContent value="health">
          <HealthTab />
        </TabsContent>
        <TabsContent value="settings" className="flex flex-col gap-6">
          <SettingsPanel />
          <BillingStatus
            subscription={subscription.data ?? null}
            isLoading={subscription.isPending}
            isError={subscription.isError}
            screen="profile"
          />
          <YourData />
          <SignOutCard onSignOut={() => signOut.mutate()} pending={signOut.isPending} />
        </TabsContent>
      </Tabs>
      <HealthIntakeDialog />
    </>
  );
}
