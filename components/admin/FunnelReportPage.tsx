import type { FunnelReportPageProps } from '@/lib/reports/funnelReportView';
import { ErrorView } from '@/components/ui/ErrorView';
import { FunnelReportView } from './FunnelReportView';

type RefusedStatus = Extract<FunnelReportPageProps, { kind: 'refused' }>['status'];

const REFUSED_TITLES: Record<RefusedStatus, string> = {
  400: 'This report link is not quite right',
  403: 'This report is for marketers',
  405: 'Not allowed',
};

/** The funnel report, or a plain page saying why it cannot be shown. */
export function FunnelReportPage(props: FunnelReportPageProps) {
  if (props.kind === 'refused') {
    return (
      <ErrorView
        title={REFUSED_TITLES[props.status]}
        message={props.status === 400 ? `${props.message} Please correct the link or use the form.` : props.message}
      />
    );
  }
  return <FunnelReportView {...props} />;
}
