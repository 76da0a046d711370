import type { GetServerSidePropsContext } from 'next';
import type { BackOfficeRefusal } from '@/lib/operators/backOfficeViews';
import type { VatReviewPageProps } from '@/lib/operators/vatReviewViews';
import { vatNumbersToReview } from '@/lib/server/finance/vatReviews';
import { backOfficePage, operatorView } from './backOfficePage';

/** /admin/vat-numbers: the business subscribers' VAT numbers finance has yet to check (admins). */
export const vatReviewPageProps = (context: GetServerSidePropsContext) =>
  backOfficePage<VatReviewPageProps | BackOfficeRefusal>(context, 'admin', async (caller, server) => ({
    operator: operatorView(caller.operator),
    reviews: await vatNumbersToReview(server.db, server.clock()),
  }));
