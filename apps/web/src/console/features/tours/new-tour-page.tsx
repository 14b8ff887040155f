import { Link, useNavigate } from 'react-router';
import { usePageHeading } from '../../app/use-page-title.ts';
import { TourForm } from './tour-form.tsx';
import { useTourChanges } from './tours-api.ts';

/** /admin/tours/new: a tour's details; its departures, prices and pictures are added on its page once it exists. */
export function NewTourPage() {
  const heading = usePageHeading('Add a tour');
  const navigate = useNavigate();
  const { create } = useTourChanges(null);
  return (
    <>
      <p className="console-breadcrumb">
        <Link to="/tours">Tours</Link>
      </p>
      <h1 tabIndex={-1} ref={heading}>
        Add a tour
      </h1>
      <TourForm
        tour={null}
        submitLabel="Add the tour"
        onSave={async (body) => {
          const { record } = await create.mutateAsync(body);
          await navigate(`/tours/${record.id}`, { state: { added: true } });
          return `${record.code} is added.`;
        }}
      />
    </>
  );
}
