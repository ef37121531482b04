import { useImpact } from '../../lib/leave-requests';
import { hoursText } from '../../lib/leave-request-text';
import { formatWeekdayDay } from '../../../shared/format';
import { messageOf } from '../../lib/api';

/** Per day of a request: the site's available hours now → if approved, who else is away, and the minimum when one is set. */
export function ImpactView({ requestId }: { requestId: number }) {
  const impact = useImpact(requestId, true);
  if (impact.isPending) return <p className="text-sm text-muted-foreground">Loading the impact...</p>;
  if (impact.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        {messageOf(impact.error, 'The impact could not be loaded.')}
      </p>
    );
  return (
    <div className="mt-2 overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Available hours on each day of the request</caption>
        <thead className="text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="py-1 pr-3 font-medium">
              Day
            </th>
            <th scope="col" className="py-1 pr-3 font-medium">
              Available hours now → if approved
            </th>
            <th scope="col" className="py-1 font-medium">
              Also away
            </th>
          </tr>
        </thead>
        <tbody>
          {impact.data.days.map((d) => {
            const below = d.minimumHours !== null && d.availableIfApproved < d.minimumHours;
            return (
              <tr key={d.date} className="border-t border-border align-top">
                <th scope="row" className="py-1 pr-3 font-normal whitespace-nowrap">
                  {formatWeekdayDay(d.date)}
                </th>
                <td className="py-1 pr-3 whitespace-nowrap tabular-nums">
                  {hoursText(d.availableNow)} → {hoursText(d.availableIfApproved)}
                  {d.minimumHours !== null ? (
                    <span className={below ? 'block font-medium text-destructive' : 'block text-xs text-muted-foreground'}>
                      {below ? `Below the minimum of ${hoursText(d.minimumHours)}` : `Minimum ${hoursText(d.minimumHours)}`}
                    </span>
                  ) : null}
                </td>
                <td className="py-1 [overflow-wrap:anywhere]">
                  {d.away.length === 0
                    ? 'Nobody'
                    : d.away.map((a) => `${a.employeeName} (${a.reasonName}${a.pending ? ', pending' : ''})`).join(', ')}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
