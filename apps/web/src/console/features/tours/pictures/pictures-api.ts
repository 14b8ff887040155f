import {
  deleteTourPicture,
  listStaffTourPictures,
  reorderTourPictures,
  updateTourPicture,
  uploadTourPicture,
  type StaffTourPictures,
} from '@tours/domain/contracts/staff/tour-pictures';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { staffCall, staffUpload, type UploadProgress } from '../../../lib/staff-api.ts';

/** A tour's pictures (permission catalogue.edit), as TanStack Query reads and changes. Every change answers the whole list, kept at once. */

export const tourPictureKeys = { of: (tourCode: string) => ['tours', tourCode.toUpperCase(), 'pictures'] as const };

export const useTourPictures = (tourCode: string) =>
  useQuery({
    queryKey: tourPictureKeys.of(tourCode),
    queryFn: async ({ signal }) => (await staffCall(listStaffTourPictures, { params: { tour: tourCode }, signal })).body.data,
  });

export function useTourPictureChanges(tourCode: string) {
  const client = useQueryClient();
  const keep = (pictures: StaffTourPictures) => client.setQueryData(tourPictureKeys.of(tourCode), pictures);
  const tour = { tour: tourCode };
  const one = (picture: number) => ({ tour: tourCode, picture });
  return {
    upload: useMutation({
      mutationFn: async (input: { file: File; alt: string; reason: string; onProgress: (progress: UploadProgress) => void }) => {
        const form = new FormData();
        // The fields before the file, so the server has them as soon as the file's bytes end.
        form.append('alt', input.alt);
        form.append('reason', input.reason);
        form.append('file', input.file, input.file.name);
        return (await staffUpload(uploadTourPicture, { params: tour, form, onProgress: input.onProgress })).body.data;
      },
      onSuccess: keep,
    }),
    describe: useMutation({
      mutationFn: async (input: { picture: number; etag: string; alt: string; reason: string }) =>
        (await staffCall(updateTourPicture, { params: one(input.picture), body: { alt: input.alt, reason: input.reason }, ifMatch: input.etag })).body.data,
      onSuccess: keep,
    }),
    reorder: useMutation({
      mutationFn: async (input: { order: number[]; etag: string; reason: string }) =>
        (await staffCall(reorderTourPictures, { params: tour, body: { order: input.order, reason: input.reason }, ifMatch: input.etag })).body.data,
      onSuccess: keep,
    }),
    remove: useMutation({
      mutationFn: async (input: { picture: number; etag: string; reason: string }) =>
        (await staffCall(deleteTourPicture, { params: one(input.picture), body: { reason: input.reason }, ifMatch: input.etag })).body.data,
      onSuccess: keep,
    }),
  };
}
