import { Link, useParams } from 'react-router';
import { usePageHeading } from '../../../app/use-page-title.ts';
import { TourPicturesSection } from './tour-pictures-section.tsx';

/** /admin/tours/:tour/pictures: a tour's pictures on a page of their own, until the tour's page holds the section. */
export function TourPicturesPage() {
  const tourCode = (useParams().tour ?? '').toUpperCase();
  const heading = usePageHeading(`Pictures of ${tourCode}`);
  return (
    <>
      <p className="console-breadcrumb">
        <Link to="/">Home</Link>
      </p>
      <h1 tabIndex={-1} ref={heading}>
        Pictures of {tourCode}
      </h1>
      <TourPicturesSection tourCode={tourCode} />
    </>
  );
}
