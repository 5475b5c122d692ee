import { FAILED_TO_MAKE_ADMIN } from '../../../../contract/accounts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { QueryState } from '../../../components/ui/query-state';
import { TableScroll } from '../../../components/ui/table-scroll';
import { useConfirmedAction } from '../../../components/ui/use-confirmed-action';
import { useMakeAdmin, useUsers } from '../../../features/accounts/api/account-calls';
import { ApiError } from '../../../lib/api-client';

/** Make Admin: every user, with an Admin badge or the spec's Make admin / Remove User buttons. */
export function UsersPage() {
  const users = useUsers();
  const makeAdmin = useMakeAdmin();
  const promoting = useConfirmedAction(async (email: string) => {
    try {
      await makeAdmin.mutateAsync(email);
    } catch (error) {
      // A refusal (403) reads 'Failed to make an admin!!!'.
      throw new Error(
        error instanceof ApiError && error.status !== 403
          ? `${FAILED_TO_MAKE_ADMIN} ${error.message}`
          : FAILED_TO_MAKE_ADMIN,
      );
    }
    return 'Successfully Make an Admin!!';
  }, FAILED_TO_MAKE_ADMIN);

  return (
    <div className="space-y-4">
      <h2 className="text-xl font-semibold">Make Admin</h2>
      <QueryState query={users} empty="No users yet." isEmpty={(data) => data.length === 0}>
        {(data) => (
          <TableScroll label="Users">
            <table className="table table-cards">
              <thead>
                <tr>
                  <th scope="col">#</th>
                  <th scope="col">User</th>
                  <th scope="col">Email</th>
                  <th scope="col">Role</th>
                  <th scope="col">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.map((u, index) => (
                  <tr key={u.email}>
                    <th scope="row" data-label="#">
                      {index + 1}
                    </th>
                    <td data-label="User">
                      <div className="flex items-center gap-3">
                        <div className="avatar avatar-placeholder">
                          <div className="w-9 rounded-full bg-neutral text-neutral-content">
                            {u.photoURL ? (
                              <img src={u.photoURL} alt="" referrerPolicy="no-referrer" />
                            ) : (
                              <span>{u.displayName.slice(0, 1).toUpperCase()}</span>
                            )}
                          </div>
                        </div>
                        {u.displayName}
                      </div>
                    </td>
                    <td data-label="Email" className="break-all">
                      {u.email}
                    </td>
                    <td data-label="Role">
                      {u.role ? <span className="badge badge-primary">Admin</span> : null}
                    </td>
                    <td className="whitespace-nowrap">
                      {u.role ? null : (
                        <div className="flex gap-2">
                          <button
                            type="button"
                            className="btn btn-sm btn-primary"
                            onClick={() => promoting.ask(u.email)}
                            aria-label={`Make admin ${u.email}`}
                          >
                            Make admin
                          </button>
                          {/* Remove User is shown but does nothing. */}
                          <button type="button" className="btn btn-sm btn-outline" aria-disabled="true">
                            Remove User
                          </button>
                        </div>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </QueryState>
      <ConfirmDialog {...promoting.dialog} title="Make this user an admin?" confirmLabel="Make admin">
        <p>
          <strong>{promoting.item}</strong> will be able to manage products, orders and other admins.
        </p>
      </ConfirmDialog>
    </div>
  );
}
