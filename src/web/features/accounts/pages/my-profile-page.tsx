import { QueryState } from '@web/components/ui/query-state';
import { useIsAdmin } from '@web/shared/session/access';
import { useSession } from '@web/shared/session/session';
import { useProfile } from '../api/account-calls';
import { ChangePasswordForm } from '../components/change-password-form';
import { MyInvoices } from '../components/my-invoices';
import { MyStoreCredit } from '../components/my-store-credit';
import { MyTradeApplication } from '../components/my-trade-application';
import { MyTradeTerms } from '../components/my-trade-terms';
import { ProfileForm } from '../components/profile-form';
import { SessionList } from '../components/session-list';

export function MyProfilePage() {
  const { user } = useSession();
  const email = user?.email ?? '';
  const profile = useProfile(email);
  const admin = useIsAdmin(email);
  if (!user) return null;
  return (
    <div className="space-y-6">
      <h2 className="text-xl font-semibold">My Profile</h2>
      <section aria-label="Account" className="card bg-base-200">
        <div className="card-body flex-row items-center gap-4">
          <div className="avatar avatar-placeholder">
            <div className="w-16 rounded-full bg-neutral text-neutral-content">
              {user.image ? (
                <img src={user.image} alt="" referrerPolicy="no-referrer" />
              ) : (
                <span className="text-2xl">{user.name.slice(0, 1).toUpperCase()}</span>
              )}
            </div>
          </div>
          <div>
            <p className="text-lg font-semibold">{user.name}</p>
            <p className="text-base-content/70">{user.email}</p>
            {admin.data?.admin ? <span className="badge badge-primary mt-1">Admin</span> : null}
          </div>
        </div>
      </section>
      <MyTradeTerms />
      {/* The staff buy no trade terms: only a customer applies. */}
      {admin.data && !admin.data.admin ? <MyTradeApplication /> : null}
      <MyStoreCredit />
      <MyInvoices />
      <QueryState query={profile} empty={null}>
        {(data) => <ProfileForm profile={data} />}
      </QueryState>
      <section aria-label="Sign-in and security" className="space-y-8 border-t border-base-300 pt-6">
        <ChangePasswordForm />
        <SessionList />
      </section>
    </div>
  );
}
