import { Controller, Get, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';

import { STUDY_GUIDE_FILE_NAME, studyGuidePdf } from '../../services/study-guide.js';

@ApiTags('prep-course')
@Controller('api/prep-course/study-guide.pdf')
export class StudyGuideController {
  private guide: Promise<Buffer> | null = null;

  @Get()
  @ApiOperation({
    summary: 'Public: the study guide as a PDF, written from the Getting Started content (steps, costs, the exam’s pass mark and scheduling rules).',
  })
  async download(@Res({ passthrough: true }) reply: FastifyReply) {
    // The content ships with the release, so the document is made once per process.
    this.guide ??= studyGuidePdf().catch((error: unknown) => {
      this.guide = null;
      throw error;
    });
    void reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${STUDY_GUIDE_FILE_NAME}"`)
      .header('cache-control', 'public, max-age=3600');
    return this.guide;
  }
}
