import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Navigate } from 'react-router';
import { CardGrid, NoResults } from '../../../components/listings/card-grid';
import { ProjectCard } from '../../../components/listings/project-card';
import { ProfileCard } from '../../../components/listings/profile-card';
import { Spinner } from '../../../components/ui/spinner';
import { EVERY_LISTING, type ListingSource, projectsListingQuery } from '../api/projects.api';
import { type ListingKind, listingEntries } from '../utils/listing-entries';
import { KindSwitch } from './kind-switch';

interface ProjectsListingProps {
  /** The filter panel sits above the grid. */
  filterPanel?: ReactNode;
  /** The notice banner above the grid, e.g. when results are only close matches. */
  banner?: ReactNode;
  /** Where the items come from, e.g. a filtered search. */
  source?: ListingSource;
}

/** Projects and profiles together, newest first; a failed load goes to /error. */
export const ProjectsListing = ({ filterPanel, banner, source = EVERY_LISTING }: ProjectsListingProps) => {
  const [kind, setKind] = useState<ListingKind>('All');
  const listing = useQuery(projectsListingQuery(source));
  if (listing.isError) return <Navigate to="/error" replace />;

  const entries = listing.data ? listingEntries(listing.data.projects, listing.data.teammates, kind) : [];
  return (
    <div className="listing-screen">
      {filterPanel}
      <KindSwitch value={kind} onChange={setKind} />
      {banner}
      {listing.isPending ? (
        <Spinner />
      ) : entries.length === 0 ? (
        <NoResults />
      ) : (
        <CardGrid
          label="Projects and teammates"
          items={entries}
          itemKey={(entry) => `${entry.kind}-${entry.item._id}`}
          renderItem={(entry) =>
            entry.kind === 'project' ? (
              <ProjectCard project={entry.item} />
            ) : (
              <ProfileCard profile={entry.item} />
            )
          }
        />
      )}
    </div>
  );
};
