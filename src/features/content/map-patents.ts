import type { CmsPage } from '../../api/cms-pages';
import { entries, text } from '../../domain/map-common';

export interface Patent {
  patentType: string;
  productName: string;
  patentNumbers: string;
  colorsAndModels: string;
}

/** Patents in the views' form (catalogue-and-content.md section 3, "Patents"). */
export interface PatentsContent {
  title: string;
  patentList: Patent[];
}

/** Maps the `patent` page; entries with neither a product name nor patent numbers are skipped. */
export function mapPatents(page: Partial<Pick<CmsPage, 'title' | 'patents'>> | null | undefined): PatentsContent {
  return {
    title: text(page?.title),
    patentList: entries(page?.patents).flatMap((patent) => {
      const productName = text(patent.product_name);
      const patentNumbers = text(patent.patent_numbers);
      if (!productName && !patentNumbers) return [];
      return [{ productName, patentNumbers, patentType: text(patent.patent_type), colorsAndModels: text(patent.colors_and_models) }];
    }),
  };
}
